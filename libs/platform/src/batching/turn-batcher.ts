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
}

interface Waiting<I, R> {
  item: I;
  key: string | undefined;
  resolve(result: R): void;
  reject(err: unknown): void;
}

interface Batch<I, R> {
  waiting: Waiting<I, R>[];
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
  private readonly schedule: TurnScheduler;

  constructor(
    private readonly run: (items: readonly I[]) => Promise<readonly R[]>,
    private readonly options: TurnBatcherOptions<I>,
  ) {
    if (!(options.maxSize >= 1)) throw new Error('a batch holds one item at least');
    this.schedule = options.schedule ?? afterThisTurn;
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
    const batch: Batch<I, R> = { waiting: [] };
    this.open = batch;
    this.schedule(() => this.flush(batch));
    return batch;
  }

  /** Runs `batch` unless it has run already (it filled up before its turn ended). */
  private flush(batch: Batch<I, R>): void {
    if (this.open !== batch) return;
    this.open = undefined;
    void this.settle(batch.waiting);
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
    this.release();
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
