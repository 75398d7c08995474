/** How a batcher waits for the rest of a turn: setImmediate runs once the turn's I/O callbacks are done. */
export type TurnScheduler = (flush: () => void) => void;

const afterThisTurn: TurnScheduler = (flush) => {
  setImmediate(flush);
};

export interface TurnBatcherOptions<I> {
  /** Items in one batch at most: a full batch is run at once, and the next item opens another. */
  maxSize: number;
  /**
   * What two items must not share while either one's batch is open or running (e.g. their stream): an
   * item whose key a batch holds waits, and joins the first batch opened after that one has settled.
   */
  keyOf?: (item: I) => string;
  /** When the open batch is run; after the current event-loop turn when not given (tests pass their own). */
  schedule?: TurnScheduler;
  /**
   * Batches running at once at most (no bound when not given). A batch whose turn has ended while
   * that many run stays open, gathering the items that come meanwhile, and runs as soon as one of them
   * has settled; one that fills up meanwhile waits, in order, for its turn to run.
   */
  maxRunning?: number;
}

interface Waiting<I, R> {
  item: I;
  key: string | undefined;
  resolve(result: R): void;
  reject(err: unknown): void;
}

interface Batch<I, R> {
  waiting: Waiting<I, R>[];
  /** Its turn has ended: it runs as soon as fewer than maxRunning batches do. */
  due: boolean;
}

/**
 * Gathers the items added in one event-loop turn into one batch and runs it once, after the turn (or
 * as soon as it is full), each caller answered with its own item's result. `run` answers one result per
 * item, in the items' order; when it throws, every item of the batch fails with its error. The first
 * item of a turn starts a batch and the others ride along: none waits longer than the rest of its turn,
 * but for an item whose key is taken, which waits for the batch holding it. (Writes, each answered on
 * its own; for callers of one key that share one call and its answer, see TurnBatches.)
 */
export class TurnBatcher<I, R> {
  private open: Batch<I, R> | undefined;
  /** The keys of the items of the open batch and of those running. */
  private readonly busy = new Set<string>();
  /** Items whose key was busy, in the order they came. */
  private deferred: Waiting<I, R>[] = [];
  /** Full batches waiting for fewer than maxRunning batches to run, oldest first. */
  private readonly full: Batch<I, R>[] = [];
  private running = 0;
  private readonly maxRunning: number;
  private readonly schedule: TurnScheduler;

  constructor(
    private readonly run: (items: readonly I[]) => Promise<readonly R[]>,
    private readonly options: TurnBatcherOptions<I>,
  ) {
    if (!(options.maxSize >= 1)) throw new Error('a batch holds one item at least');
    if (!((options.maxRunning ?? 1) >= 1)) throw new Error('one batch at least must be able to run');
    this.schedule = options.schedule ?? afterThisTurn;
    this.maxRunning = options.maxRunning ?? Infinity;
  }

  /** The item's result once its batch has run. */
  add(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const waiting = { item, key: this.options.keyOf?.(item), resolve, reject };
      if (waiting.key !== undefined && this.busy.has(waiting.key)) this.deferred.push(waiting);
      else this.join(waiting);
    });
  }

  private join(waiting: Waiting<I, R>): void {
    const batch = this.open ?? this.start();
    batch.waiting.push(waiting);
    if (waiting.key !== undefined) this.busy.add(waiting.key);
    if (batch.waiting.length >= this.options.maxSize) this.flush(batch);
  }

  private start(): Batch<I, R> {
    const batch: Batch<I, R> = { waiting: [], due: false };
    this.open = batch;
    this.schedule(() => this.flush(batch));
    return batch;
  }

  /**
   * Runs `batch` unless it has run already (it filled up before its turn ended), or, while maxRunning
   * batches run, keeps it open until one has settled (or, full, queued behind the full ones before it).
   */
  private flush(batch: Batch<I, R>): void {
    if (this.open !== batch) return;
    batch.due = true;
    if (this.running < this.maxRunning) {
      this.open = undefined;
      this.runBatch(batch);
    } else if (batch.waiting.length >= this.options.maxSize) {
      this.open = undefined;
      this.full.push(batch);
    }
  }

  private runBatch(batch: Batch<I, R>): void {
    this.running++;
    void this.settle(batch.waiting);
  }

  /** After a batch has settled: the oldest full batch, else the open one if its turn has ended. */
  private runNext(): void {
    if (this.running >= this.maxRunning) return;
    const next = this.full.shift();
    if (next) return this.runBatch(next);
    const open = this.open;
    if (open?.due) {
      this.open = undefined;
      this.runBatch(open);
    }
  }

  private async settle(waiting: readonly Waiting<I, R>[]): Promise<void> {
    let results: readonly R[] | undefined;
    let failure: unknown;
    try {
      results = await this.run(waiting.map((w) => w.item));
      if (results.length !== waiting.length) {
        throw new Error(`a batch of ${waiting.length} items was answered with ${results.length} results`);
      }
    } catch (err) {
      results = undefined;
      failure = err;
    }
    waiting.forEach((w, i) => (results ? w.resolve(results[i]!) : w.reject(failure)));
    for (const w of waiting) if (w.key !== undefined) this.busy.delete(w.key);
    this.running--;
    this.release();
    this.runNext();
  }

  /** Moves the waiting items whose key is free now into the open batch, in the order they came. */
  private release(): void {
    const still: Waiting<I, R>[] = [];
    for (const w of this.deferred) {
      if (this.busy.has(w.key!)) still.push(w);
      else this.join(w);
    }
    this.deferred = still;
  }
}
