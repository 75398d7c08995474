import { Worker } from 'node:worker_threads';
import { OPENING_THREAD_SOURCE } from './opening-thread.source';
import { nativeAesGcmPath } from './native-aes-gcm';
import { SharedSlots, type SlotsNews } from './shared-slots';
import {
  type GivenKey,
  type KeysOwner,
  type KeysRequest,
  ThreadHeldKeys,
  type ThreadHeldKeysOptions,
} from './thread-held-keys';

/**
 * A message of the topic as the thread gives it back: its text with the payload in the clear (or as it
 * came, when it was not sealed), to be read as any message, with the key it was opened with
 * (`sealedWith`; null: it was not sealed); or the text as it came, with the payload's key destroyed
 * (`erased`) or why the payload does not open (`failure`).
 */
export type OpenedMessage =
  | { text: string | null; sealedWith?: string | null }
  | { text: string; erased: true }
  | { text: string; failure: string };

/**
 * Shared buffers kept for the next batches: two (the messages, the answer) per batch in flight at once,
 * for the 8 partitions a reader folds at most at once (foldConcurrency).
 */
const SPARE_SLOTS = 2 * 8;
const MIN_SLOT_BYTES = 1024 * 1024;

/** The thread stopped (ended, or failed) with a request of the caller's: the caller does the work itself. */
export class OpeningThreadStopped extends Error {
  constructor(cause: Error) {
    super(cause.message, { cause });
    this.name = 'OpeningThreadStopped';
  }
}

/** The keys of these ids, as the caller's memory holds them (GivenKey). */
export type KeysFor = (keyIds: string[]) => Promise<GivenKey[]>;

/**
 * A thread of its own that parses a batch of messages and opens their sealed payloads (AES-256-GCM),
 * so a reader of thousands of sealed events goes on with other work meanwhile: the projector folds and
 * writes its other partitions' batches while one batch is opened, and then parses each message once,
 * as it parses one never sealed. Started on first use; it holds the process open only while it has
 * work. Should it die, what it was given is refused and the next request starts another.
 */
export class OpeningThread {
  private worker?: Worker;
  private nextId = 0;
  /** Messages the thread opened after reading them by position, never parsing them (relay-layout.source.ts). */
  readByPosition = 0;
  /**
   * The memory batches and answers are written into, shared with the thread and kept for the next
   * batches: a new buffer for every batch cost the page faults of touching fresh memory and the
   * garbage collections its size set off.
   */
  private readonly slots = new SharedSlots(SPARE_SLOTS, MIN_SLOT_BYTES);
  /** Requests not answered yet, each with the thread it went to. */
  private readonly pending = new Map<
    number,
    { worker: Worker; resolve: (answer: unknown) => void; reject: (err: Error) => void }
  >();
  /** Where a batch's messages are gathered before their slot (gathered). */
  private gathering = Buffer.alloc(0);
  /** The keys the running thread holds from earlier requests. */
  private readonly heldKeys: ThreadHeldKeys;

  /** Where the thread loads the native opener from; null: it opens with node:crypto. */
  private readonly nativePath: string | null;

  /** `native: false` opens with node:crypto even where the native opener was built. */
  constructor(options: { heldKeys?: ThreadHeldKeysOptions; native?: boolean } = {}) {
    this.heldKeys = new ThreadHeldKeys(options.heldKeys);
    this.nativePath = options.native === false ? null : nativeAesGcmPath();
  }

  /**
   * Whole messages of the topic, each as its text with its payload opened, or why not, parsed and
   * opened on the thread in one request, with the keys the thread holds of `owner`'s; the messages
   * whose key it does not hold are asked for again, with those keys (`keysFor`). `null` values stay
   * null. Rejects when the thread stopped: the caller decodes them itself.
   */
  async openMessages(
    values: readonly (Buffer | string | null)[],
    owner: KeysOwner,
    keysFor: KeysFor,
    given: { keyIds: string[]; keys: GivenKey[] } = { keyIds: [], keys: [] },
  ): Promise<OpenedMessage[]> {
    const size = values.reduce((sum, v) => sum + (v === null ? 0 : Buffer.byteLength(v)), 0);
    const from = this.slots.take(size);
    const ends = new Uint32Array(values.length);
    const bytes = this.gathered(size);
    let end = 0;
    values.forEach((v, i) => {
      if (typeof v === 'string') end += bytes.write(v, end);
      else if (v !== null) end += v.copy(bytes, end);
      ends[i] = end;
    });
    new Uint8Array(from.buffer, 0, size).set(bytes);
    // The thread writes its answer here: never longer than the messages, unless one parsed needs more.
    const into = this.slots.take(size);
    const answer = await this.ask<{
      /** The answer, when it outgrew the slot it was to be written into; null when it is there. */
      out: ArrayBuffer | null;
      outEnds: Uint32Array;
      kinds: Uint8Array;
      keyIds: (string | null)[];
      reasons: [number, string][];
      missing: [number, string][];
      byPosition: number;
    }>(() => ({
      ends,
      size,
      from: from.id,
      into: into.id,
      slots: this.slots.news([from, into]),
      ...this.heldKeys.request(owner, given.keyIds, given.keys),
    }));
    this.slots.give(from);
    this.readByPosition += answer.byPosition;
    const reasons = new Map(answer.reasons);
    const written = Buffer.from(answer.out ?? into.buffer);
    const opened = values.map((value, i): OpenedMessage => {
      if (value === null) return { text: null };
      const text = written.toString('utf8', i === 0 ? 0 : answer.outEnds[i - 1], answer.outEnds[i]);
      const kind = answer.kinds[i];
      if (kind === 1) return { text, erased: true };
      if (kind === 2) return { text, failure: reasons.get(i)! };
      return { text, sealedWith: answer.keyIds[i] ?? null };
    });
    this.slots.give(into);
    if (answer.missing.length > 0 && given.keyIds.length > 0) {
      // Asked again with the keys it named, it named others: refused, never asked a third time.
      for (const [i, keyId] of answer.missing) {
        opened[i] = {
          text: opened[i]!.text!,
          failure: `payload does not open: data key ${keyId} was not given`,
        };
      }
    } else if (answer.missing.length > 0) {
      // Given the very keys it names, the thread opens them or says why not.
      const keyIds = [...new Set(answer.missing.map(([, keyId]) => keyId))];
      const again = await this.openMessages(
        answer.missing.map(([i]) => values[i]!),
        owner,
        keysFor,
        {
          keyIds,
          keys: await keysFor(keyIds),
        },
      );
      answer.missing.forEach(([i], j) => (opened[i] = again[j]!));
    }
    return opened;
  }

  /**
   * `size` bytes of memory of this thread's own, kept for the next batch, where a batch's messages are
   * gathered before going into its slot in one copy: copied one by one into shared memory, each went
   * byte by byte (V8 copies into a SharedArrayBuffer in words only when both ends are aligned alike),
   * ten times as slow as into memory of one thread.
   */
  private gathered(size: number): Buffer {
    if (this.gathering.length < size) this.gathering = Buffer.allocUnsafeSlow(Math.max(size, MIN_SLOT_BYTES));
    return this.gathering.subarray(0, size);
  }

  /** Ends the thread (tests; a process that ends takes it with it anyway). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  /** `request` is made once the thread it goes to is known: what it holds depends on it. */
  private ask<A>(request: () => KeysRequest & { slots: SlotsNews }): Promise<A> {
    const worker = this.running();
    const id = this.nextId++;
    return new Promise<A>((resolve, reject) => {
      this.pending.set(id, { worker, resolve: resolve as (answer: unknown) => void, reject });
      worker.ref();
      let made: (KeysRequest & { slots: SlotsNews }) | undefined;
      try {
        made = request();
        worker.postMessage({ id, ...made });
      } catch (err) {
        // Not sent: the subjects it would have told the thread to drop go with the next request, and
        // the slots it would have handed it are handed with the next one.
        this.pending.delete(id);
        if (made) {
          this.heldKeys.forgetAgain(made.forget);
          this.slots.unsent(made.slots);
        }
        this.unrefWhenIdle(worker);
        throw err;
      }
    });
  }

  /** Lets the process end while `worker` has no request of ours. */
  private unrefWhenIdle(worker: Worker): void {
    if (![...this.pending.values()].some((w) => w.worker === worker)) worker.unref();
  }

  private running(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(OPENING_THREAD_SOURCE, {
      eval: true,
      workerData: { maxHeld: this.heldKeys.max, nativePath: this.nativePath },
    });
    this.heldKeys.clear();
    this.slots.newThread();
    worker.on('message', (answer: { id: number }) => {
      const waiting = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      this.unrefWhenIdle(worker);
      waiting?.resolve(answer);
    });
    // Only this thread's requests: one started after it stopped has gone to the next thread.
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const [id, waiting] of this.pending) {
        if (waiting.worker !== worker) continue;
        this.pending.delete(id);
        waiting.reject(new OpeningThreadStopped(err));
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the opening thread stopped (exit code ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
