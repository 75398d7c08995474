import { type KeyObject } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { IV_BYTES, TAG_BYTES } from './aes-gcm';

/** One sealed JSON value to open: its key, its sealed bytes in base64 and its associated data. */
export interface OpenRequest {
  key: KeyObject;
  data: string;
  aad: string;
}

/**
 * The thread's code, run with `eval` so it needs no file of its own in the build or under the tests:
 * it opens each value exactly as `open` in aes-gcm.ts does (a unit test holds the two to the same
 * answers) and answers with one JSON text, an array of the plaintexts, `null` where a value did not
 * open, with why beside it. The keys come with each request and are not kept.
 */
const THREAD_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createDecipheriv } = require('node:crypto');
parentPort.on('message', ({ id, keys, keyOf, data, aad }) => {
  const parts = new Array(data.length);
  const failures = [];
  for (let i = 0; i < data.length; i++) {
    try {
      const sealed = Buffer.from(data[i], 'base64');
      if (sealed.length < ${IV_BYTES + TAG_BYTES}) throw new Error('sealed value too short');
      const decipher = createDecipheriv('aes-256-gcm', keys[keyOf[i]], sealed.subarray(0, ${IV_BYTES}), { authTagLength: ${TAG_BYTES} });
      decipher.setAAD(Buffer.from(aad[i], 'utf8'));
      decipher.setAuthTag(sealed.subarray(sealed.length - ${TAG_BYTES}));
      const plaintext = decipher.update(sealed.subarray(${IV_BYTES}, sealed.length - ${TAG_BYTES}));
      decipher.final();
      parts[i] = plaintext.toString('utf8');
    } catch (err) {
      parts[i] = 'null';
      failures.push([i, String(err && err.message)]);
    }
  }
  parentPort.postMessage({ id, json: '[' + parts.join(',') + ']', failures });
});
`;

interface Answer {
  id: number;
  json: string;
  failures: [number, string][];
}

/**
 * A thread of its own that opens sealed JSON values (AES-256-GCM through node:crypto costs about 7 µs
 * a value, most of it node:crypto's setting up of each cipher), so a reader of thousands of sealed
 * events goes on with other work meanwhile: the projector folds and writes its other partitions'
 * batches while one batch's payloads are opened. Started on first use; it holds the process open only
 * while it has work. Should it die, what it was given is refused and the next request starts another.
 */
export class OpeningThread {
  private worker?: Worker;
  private nextId = 0;
  /** Requests not answered yet, each with the thread it went to. */
  private readonly pending = new Map<
    number,
    { worker: Worker; resolve: (answer: Answer) => void; reject: (err: Error) => void }
  >();

  /**
   * The values, parsed; an Error in place of each one that did not open (another key, other associated
   * data, a changed bit). Rejects when the thread stopped, or when a value opened but is not one JSON
   * value (nothing this service seals): the caller opens them itself then, and learns which.
   */
  async openJson(requests: readonly OpenRequest[]): Promise<unknown[]> {
    const keys: KeyObject[] = [];
    const keyIndex = new Map<KeyObject, number>();
    const keyOf = new Uint32Array(requests.length);
    requests.forEach((r, i) => {
      let index = keyIndex.get(r.key);
      if (index === undefined) {
        index = keys.push(r.key) - 1;
        keyIndex.set(r.key, index);
      }
      keyOf[i] = index;
    });
    const answer = await this.ask({
      keys,
      keyOf,
      data: requests.map((r) => r.data),
      aad: requests.map((r) => r.aad),
    });
    const values = JSON.parse(answer.json) as unknown[];
    // A plaintext of more than one value (`1,2`) would parse and shift every value after it.
    if (values.length !== requests.length) throw new Error('a value opened is not one JSON value');
    for (const [i, reason] of answer.failures) values[i] = new Error(reason);
    return values;
  }

  /** Ends the thread (tests; a process that ends takes it with it anyway). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private ask(request: { keys: KeyObject[]; keyOf: Uint32Array; data: string[]; aad: string[] }) {
    const worker = this.running();
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      this.pending.set(id, { worker, resolve, reject });
      worker.ref();
      worker.postMessage({ id, ...request });
    });
  }

  private running(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(THREAD_SOURCE, { eval: true });
    worker.on('message', (answer: Answer) => {
      const waiting = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      if (![...this.pending.values()].some((w) => w.worker === worker)) worker.unref();
      waiting?.resolve(answer);
    });
    // Only this thread's requests: one started after it stopped has gone to the next thread.
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const [id, waiting] of this.pending) {
        if (waiting.worker !== worker) continue;
        this.pending.delete(id);
        waiting.reject(err);
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the opening thread stopped (exit code ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
