/** What one call counted for `size` callers, and this caller's place among them (0 first). */
export interface SharedResult<R> {
  result: R;
  size: number;
  index: number;
}

interface Waiting<R> {
  resolve: (shared: SharedResult<R>) => void;
  reject: (err: unknown) => void;
}

/**
 * Callers that ask for the same key in one turn of the event loop, served by one call for all of
 * them, made once the turn's input has been read (setImmediate). Under load the loop reads tens of
 * requests in one turn; each would otherwise cost a command of its own. The call is made after every
 * caller that joined it asked, so what it reads is at least as new as each of their requests; a caller
 * that asks once a call is under way waits for the next one.
 */
export class TurnBatches<R> {
  private open = new Map<string, Waiting<R>[]>();

  constructor(private readonly call: (key: string, size: number) => Promise<R>) {}

  join(key: string): Promise<SharedResult<R>> {
    if (this.open.size === 0) setImmediate(() => this.flush());
    let waiting = this.open.get(key);
    if (!waiting) {
      waiting = [];
      this.open.set(key, waiting);
    }
    const joined = waiting;
    return new Promise((resolve, reject) => joined.push({ resolve, reject }));
  }

  private flush(): void {
    const batches = this.open;
    this.open = new Map();
    for (const [key, waiting] of batches) {
      // A call that throws instead of rejecting fails its callers too, never the process.
      new Promise<R>((resolve) => resolve(this.call(key, waiting.length))).then(
        (result) => waiting.forEach((w, index) => w.resolve({ result, size: waiting.length, index })),
        (err: unknown) => waiting.forEach((w) => w.reject(err)),
      );
    }
  }
}
