/** A buffer both threads see: the messages of a batch, or the answer to them, written in place. */
export interface SharedSlot {
  readonly id: number;
  readonly buffer: SharedArrayBuffer;
}

/** What a request tells the thread of the slots: the new ones it is to hold, the ones to let go. */
export interface SlotsNews {
  register: [number, SharedArrayBuffer][];
  drop: number[];
}

/**
 * Memory shared with the opening thread, kept for batch after batch. Each slot is handed to the thread
 * once (`news`) and named by its id afterwards. A buffer sent or transferred with every batch was new
 * memory to the isolate receiving it each time, on both sides: V8 counts it, and after enough of it
 * collects the whole heap.
 */
export class SharedSlots {
  private nextId = 0;
  private readonly spare: SharedSlot[] = [];
  /** The slots the running thread holds. */
  private held = new Set<number>();
  /** Slots the running thread holds that are no longer kept here: it is told to let them go. */
  private dropped: number[] = [];

  /**
   * @param maxSpare slots kept between batches
   * @param minBytes the least a new slot holds
   */
  constructor(
    private readonly maxSpare: number,
    private readonly minBytes: number,
  ) {}

  /** A slot of at least `size` bytes: the smallest spare one large enough, else a new one. */
  take(size: number): SharedSlot {
    let at = -1;
    this.spare.forEach((slot, i) => {
      const bytes = slot.buffer.byteLength;
      if (bytes >= size && (at === -1 || bytes < this.spare[at]!.buffer.byteLength)) at = i;
    });
    if (at !== -1) return this.spare.splice(at, 1)[0]!;
    return { id: this.nextId++, buffer: new SharedArrayBuffer(Math.max(size, this.minBytes)) };
  }

  /** A slot back from a batch: kept for the next ones, or let go (the thread told with the next request). */
  give(slot: SharedSlot): void {
    if (this.spare.length < this.maxSpare) {
      this.spare.push(slot);
      return;
    }
    if (this.held.delete(slot.id)) this.dropped.push(slot.id);
  }

  /** For a request using `slots`: those the thread does not hold yet, and those it is to let go. */
  news(slots: readonly SharedSlot[]): SlotsNews {
    const register = slots
      .filter((slot) => !this.held.has(slot.id))
      .map((slot): [number, SharedArrayBuffer] => [slot.id, slot.buffer]);
    for (const [id] of register) this.held.add(id);
    const drop = this.dropped;
    this.dropped = [];
    return { register, drop };
  }

  /** A request that was never sent: the thread learnt nothing of it. */
  unsent(news: SlotsNews): void {
    for (const [id] of news.register) this.held.delete(id);
    this.dropped.push(...news.drop);
  }

  /** A new thread holds nothing yet. */
  newThread(): void {
    this.held = new Set();
    this.dropped = [];
  }
}
