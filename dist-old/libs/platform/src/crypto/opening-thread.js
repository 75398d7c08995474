"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.OpeningThread = exports.OpeningThreadStopped = void 0;
exports.keyIdsIn = keyIdsIn;
const node_worker_threads_1 = require("node:worker_threads");
const opening_thread_source_1 = require("./opening-thread.source");
const thread_held_keys_1 = require("./thread-held-keys");
const KEY_ID_NAME = Buffer.from('"key_id"');
const UUID_LENGTH = 36;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Space, tab, line feed and carriage return: the whitespace JSON allows between tokens. */
const JSON_WHITESPACE = [0x20, 0x09, 0x0a, 0x0d];
const [COLON, QUOTE] = [0x3a, 0x22];
/** The first byte from `at` that is not whitespace as JSON defines it. */
function skipWhitespace(bytes, at) {
    let i = at;
    while (JSON_WHITESPACE.includes(bytes[i]))
        i++;
    return i;
}
/** The data key id named at `at` (`"key_id"`, whitespace, a colon, whitespace, a quoted UUID); undefined if none. */
function keyIdAt(bytes, at) {
    const colon = skipWhitespace(bytes, at + KEY_ID_NAME.length);
    if (bytes[colon] !== COLON)
        return undefined;
    const quote = skipWhitespace(bytes, colon + 1);
    if (bytes[quote] !== QUOTE)
        return undefined;
    const id = bytes.toString('latin1', quote + 1, quote + 1 + UUID_LENGTH);
    return UUID.test(id) && bytes[quote + 1 + UUID_LENGTH] === QUOTE ? id : undefined;
}
/**
 * The data key ids that messages' sealed payloads name, read from their bytes without parsing them:
 * the messages lie one after another in `bytes`, each ending where `ends` says, and each names at most
 * one key, near its end (the payload's `"key_id"` is followed by the payload's pilot and the metadata).
 * So each message is searched from its end back for `"key_id"`, a colon and a string, whitespace allowed
 * between them as JSON allows it, as Postgres writes it in a jsonb column's text (`"key_id": "…"`),
 * the id checked to be a UUID: what the thread will need. Searching the whole batch forward cost the
 * caller's thread about 1.5 µs a message, most of it in the payloads' base64; this about 0.4. A key id
 * written another way (escaped characters in it, or a message naming more than one) is found by the
 * thread, which names it.
 */
function keyIdsIn(bytes, ends) {
    const ids = new Set();
    let start = 0;
    for (let i = 0; i < ends.length; i++) {
        const end = ends[i];
        // A negative offset would count from the end of the batch: a message too short to name a key has none.
        const last = end - KEY_ID_NAME.length;
        for (let at = last < start ? -1 : bytes.lastIndexOf(KEY_ID_NAME, last); at >= start;) {
            const id = keyIdAt(bytes, at);
            if (id !== undefined) {
                ids.add(id);
                break;
            }
            at = at === 0 ? -1 : bytes.lastIndexOf(KEY_ID_NAME, at - 1);
        }
        start = end;
    }
    return [...ids];
}
/** Buffers kept for the next batches: one per batch the projector has in flight at once. */
const SPARE_BUFFERS = 4;
const MIN_BUFFER_BYTES = 1024 * 1024;
/** The thread stopped (ended, or failed) with a request of the caller's: the caller does the work itself. */
class OpeningThreadStopped extends Error {
    constructor(cause) {
        super(cause.message, { cause });
        this.name = 'OpeningThreadStopped';
    }
}
exports.OpeningThreadStopped = OpeningThreadStopped;
/**
 * A thread of its own that parses a batch of messages and opens their sealed payloads (AES-256-GCM
 * through node:crypto costs about 5 µs a value, most of it node:crypto's setting up of each cipher),
 * so a reader of thousands of sealed events goes on with other work meanwhile: the projector folds and
 * writes its other partitions' batches while one batch is opened, and then parses each message once,
 * as it parses one never sealed. Started on first use; it holds the process open only while it has
 * work. Should it die, what it was given is refused and the next request starts another.
 */
class OpeningThread {
    worker;
    nextId = 0;
    /** Messages the thread opened after reading them by position, never parsing them (relay-layout.source.ts). */
    readByPosition = 0;
    /**
     * The buffers of earlier batches, given back by the thread, for the next ones: a new one for every
     * batch cost the page faults of touching fresh memory and the garbage collections its size set off.
     */
    spare = [];
    /** Requests not answered yet, each with the thread it went to. */
    pending = new Map();
    /** The keys the running thread holds from earlier requests. */
    heldKeys;
    constructor(options = {}) {
        this.heldKeys = new thread_held_keys_1.ThreadHeldKeys(options.heldKeys);
    }
    /** How many data keys the running thread holds from earlier requests. */
    get keysHeld() {
        return this.heldKeys.size;
    }
    /**
     * Whole messages of the topic, each as its text with its payload opened, or why not, parsed and
     * opened on the thread in one request: the data key ids are read from the messages' bytes here
     * (keyIdsIn), `keysFor` gives those keys, and a message whose key that missed is asked for again
     * with the key the thread found in it. `null` values stay null. Rejects when the thread stopped: the
     * caller decodes them itself.
     */
    async openMessages(values, keysFor, keyIds) {
        const size = values.reduce((sum, v) => sum + (v === null ? 0 : Buffer.byteLength(v)), 0);
        const buffer = this.bufferOf(size);
        const bytes = Buffer.from(buffer, 0, size);
        const ends = new Uint32Array(values.length);
        let end = 0;
        values.forEach((v, i) => {
            if (typeof v === 'string')
                end += bytes.write(v, end);
            else if (v !== null)
                end += v.copy(bytes, end);
            ends[i] = end;
        });
        const ids = keyIds ?? keyIdsIn(bytes, ends);
        const keys = await keysFor(ids);
        const answer = await this.ask(() => ({ bytes, ends, keyIds: ids, ...this.heldKeys.send(ids, keys) }), [buffer]);
        if (this.spare.length < SPARE_BUFFERS)
            this.spare.push(answer.bytes);
        this.readByPosition += answer.byPosition;
        const reasons = new Map(answer.reasons);
        const opened = answer.texts.map((text, i) => {
            if (values[i] === null)
                return { text: null };
            const kind = answer.kinds[i];
            if (kind === 1)
                return { text, erased: true };
            if (kind === 2)
                return { text, failure: reasons.get(i) };
            return { text };
        });
        if (answer.missing.length > 0) {
            // Given the very keys it names, the thread opens them or says why not (never kind 3 again).
            const again = await this.openMessages(answer.missing.map(([i]) => values[i]), keysFor, [...new Set(answer.missing.map(([, keyId]) => keyId))]);
            answer.missing.forEach(([i], j) => (opened[i] = again[j]));
        }
        return opened;
    }
    /** Ends the thread (tests; a process that ends takes it with it anyway). */
    async close() {
        const worker = this.worker;
        this.worker = undefined;
        await worker?.terminate();
    }
    /** A buffer of at least `size` bytes: one the thread gave back when one is large enough. */
    bufferOf(size) {
        const at = this.spare.findIndex((b) => b.byteLength >= size);
        return at === -1 ? new ArrayBuffer(Math.max(size, MIN_BUFFER_BYTES)) : this.spare.splice(at, 1)[0];
    }
    /** `request` is made once the thread it goes to is known: what it holds depends on it. */
    ask(request, transfer = []) {
        const worker = this.running();
        const id = this.nextId++;
        return new Promise((resolve, reject) => {
            this.pending.set(id, { worker, resolve: resolve, reject });
            worker.ref();
            try {
                worker.postMessage({ id, ...request() }, transfer);
            }
            catch (err) {
                // Not sent: the keys it would have taught the thread are sent again with the next request.
                this.pending.delete(id);
                this.heldKeys.clear();
                this.unrefWhenIdle(worker);
                throw err;
            }
        });
    }
    /** Lets the process end while `worker` has no request of ours. */
    unrefWhenIdle(worker) {
        if (![...this.pending.values()].some((w) => w.worker === worker))
            worker.unref();
    }
    running() {
        if (this.worker)
            return this.worker;
        const worker = new node_worker_threads_1.Worker(opening_thread_source_1.OPENING_THREAD_SOURCE, { eval: true });
        this.heldKeys.clear();
        worker.on('message', (answer) => {
            const waiting = this.pending.get(answer.id);
            this.pending.delete(answer.id);
            this.unrefWhenIdle(worker);
            waiting?.resolve(answer);
        });
        // Only this thread's requests: one started after it stopped has gone to the next thread.
        const fail = (err) => {
            if (this.worker === worker)
                this.worker = undefined;
            for (const [id, waiting] of this.pending) {
                if (waiting.worker !== worker)
                    continue;
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
exports.OpeningThread = OpeningThread;
//# sourceMappingURL=opening-thread.js.map