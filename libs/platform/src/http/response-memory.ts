/** The least memory lent for one body: a batch of 50 answers in its envelope is about 30 KB. */
const LEAST_BYTES = 64 * 1024;

/** How many pieces of memory are kept for the next responses (at most 4 MB at LEAST_BYTES each). */
const KEEP = 64;

/**
 * Memory for large response bodies assembled per request, lent for one response and given back when
 * its last byte has been handed to the socket. A new buffer for each such body cost far more than
 * filling it (a new backing store, memory the kernel must map, and collections the external memory
 * brings on).
 *
 * What was sent is zeroed when given back: no pilot's totals stay in memory the service keeps after
 * the response that carried them.
 */
export class ResponseMemory {
  private readonly free: ArrayBuffer[] = [];

  /** `size` bytes to fill and send, to be given back (`giveBack`) once sent. */
  lend(size: number): Buffer {
    let memory = this.free.pop();
    if (memory === undefined || memory.byteLength < size)
      memory = new ArrayBuffer(Math.max(LEAST_BYTES, 2 ** Math.ceil(Math.log2(size))));
    return Buffer.from(memory, 0, size);
  }

  /** `body`, a buffer `lend` gave, sent: its bytes are zeroed and its memory lent again. */
  giveBack(body: Buffer): void {
    body.fill(0);
    if (this.free.length < KEEP) this.free.push(body.buffer as ArrayBuffer);
  }

  /** How many pieces of memory are waiting to be lent (for tests). */
  get kept(): number {
    return this.free.length;
  }
}
