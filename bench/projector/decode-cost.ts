import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { TEST_BUILD_DIR } from '@pft/testing';
import { median } from '../support/kafka-clients';

/** Per event, in microseconds: the time it took, and the CPU of the decoding thread and of the whole process. */
export interface DecodeSpend {
  wall_us: number;
  /** CPU of the thread that called decodeEventMessages (the projector's event loop). */
  caller_cpu_us: number;
  /** CPU of the whole process: the caller's thread, the opening thread and V8's helper threads. */
  process_cpu_us: number;
}

/** What decoding costs per event, in microseconds, the service's decode seam alone in a process of its own. */
export interface DecodeCost {
  messages: number;
  plain_us_per_event: number;
  sealed_us_per_event: number;
  /** What a sealed payload adds to decoding one event: opening it (base64, AES-256-GCM) and parsing it apart. */
  sealed_extra_us_per_event: number;
  rounds: { plain_us_per_event: number; sealed_us_per_event: number }[];
  /**
   * The same messages decoded as the projector decodes them, a batch of sealed ones on its opening
   * thread: time, and CPU of each thread, per event (medians of the rounds).
   */
  through_thread?: { plain: DecodeSpend; sealed: DecodeSpend; sealed_extra_process_cpu_us: number };
  /**
   * The build's opener alone (the native one where it was built, else node:crypto): each sealed
   * payload's box decoded from base64 and opened (AES-256-GCM, its key in memory), nothing else: the
   * least opening a payload costs here, per event (median of the rounds).
   */
  aes_gcm_open_us_per_event?: number;
  /** node:crypto alone doing the same, measured where the build opens natively (median of the rounds). */
  node_crypto_open_us_per_event?: number;
  /**
   * The opening thread's own code run on the measuring thread, each sealed batch's request and answer
   * through a MessageChannel as the port carries them, then each message's text read as the caller
   * reads it: that code's CPU per event with no other thread beside it (median of the rounds). The
   * figure to compare builds by (BENCH_DECODE_BUILD): the two threads' CPU above moves by a few µs
   * from run to run on this machine.
   */
  thread_code_cpu_us_per_event?: number;
  note: string;
}

/** A data key as `data_keys` holds it, wrapped by the environment's master key. */
export interface WrappedKeyRow {
  key_id: string;
  subject_id: string;
  wrapped_key: Buffer;
  master_key_id: string;
}

/**
 * Plain JavaScript for `node -e`, run on the tests' build like the apps: reads the messages (one per
 * line, each made a Buffer, as a Kafka client hands them over) and the wrapped keys from the files it is
 * given, then decodes the plain and the sealed ones with decodeEventMessages, BATCH at a time as the
 * projector's batches come, opening payloads through boxOpener and DataKeys as the projector does (keys
 * unwrapped with the environment's master keys, once, then from memory), two ways: on this one thread
 * (`here`: what opening costs, wherever it runs), and as the projector does, a batch of sealed
 * messages on the opening thread (`thread`: time, this thread's CPU and the process's). Then node:crypto
 * alone: every sealed payload's box decoded from base64 and opened, its key and associated data at
 * hand. A warm-up of each, then ROUNDS rounds, the order of the measures turning each round; prints
 * each round's figures per event as JSON.
 */
const CHILD_SOURCE = `
const { existsSync, readFileSync } = require('node:fs');
const { decodeEventMessages, sealedPayloadAad } = require(process.env.BUILD + '/libs/contracts/src/index.js');
const { boxOpener, DataKeys, masterKeyRingFromEnv } = require(process.env.BUILD + '/libs/privacy/src/index.js');
const { open } = require(process.env.BUILD + '/libs/privacy/src/crypto/aes-gcm.js');
const BATCH = 1000;
const lines = (file) => readFileSync(file, 'utf8').split('\\n').filter(Boolean).map((line) => Buffer.from(line));
const plain = lines(process.env.PLAIN);
const sealed = lines(process.env.SEALED);
const rows = JSON.parse(readFileSync(process.env.KEYS, 'utf8')).map((r) => ({ ...r, wrapped_key: Buffer.from(r.wrapped_key, 'base64') }));
const keys = new DataKeys(masterKeyRingFromEnv(), { max: Math.max(1, rows.length) });
const runner = { query: async () => rows };
const here = boxOpener(keys, runner, { thread: null });
const thread = boxOpener(keys, runner);
const cpuOf = (usage) => usage.user + usage.system;
// Its own function, so that a batch's results are not kept (in the caller's suspended frame) while the
// next batch waits for the opening thread, where the projector would long have dropped them.
async function decodeWhole(batch, opener) {
  const decoded = await decodeEventMessages(batch, opener);
  if (decoded.some((d) => !d.ok)) throw new Error('a bench message did not decode');
}
async function spend(values, opener) {
  let elapsed = 0n;
  const callerBefore = cpuOf(process.threadCpuUsage());
  const processBefore = cpuOf(process.cpuUsage());
  for (let from = 0; from < values.length; from += BATCH) {
    const batch = values.slice(from, from + BATCH);
    const start = process.hrtime.bigint();
    await decodeWhole(batch, opener);
    elapsed += process.hrtime.bigint() - start;
  }
  return {
    wall: Number(elapsed) / 1000 / values.length,
    caller: (cpuOf(process.threadCpuUsage()) - callerBefore) / values.length,
    process: (cpuOf(process.cpuUsage()) - processBefore) / values.length,
  };
}
// What node:crypto alone is asked for each sealed payload: its box, its key and its associated data.
const boxes = sealed
  .map((value) => JSON.parse(value.toString('utf8')))
  .filter((m) => m.payload && m.payload.sealed)
  .map((m) => ({ data: m.payload.sealed.data, keyId: m.payload.sealed.key_id, aad: sealedPayloadAad(m) }));
// The opening thread's code, run here: its port is a MessageChannel read at once, so each request
// and answer is copied or moved as the port would, and nothing runs on another thread meanwhile.
const { MessageChannel, receiveMessageOnPort } = require('node:worker_threads');
const { OPENING_THREAD_SOURCE } = require(process.env.BUILD + '/libs/privacy/src/crypto/opening-thread.source.js');
const { keyObjectOf } = require(process.env.BUILD + '/libs/privacy/src/crypto/aes-gcm.js');
// Builds from before the thread held its keys itself named each batch's keys with each request.
const { keyIdsIn } = require(process.env.BUILD + '/libs/privacy/src/crypto/opening-thread.js');
// Builds since the native opener open with it where it was built, the opening thread too; those before
// opened with node:crypto alone.
const nativeOpener = existsSync(process.env.BUILD + '/libs/privacy/src/crypto/native-aes-gcm.js')
  ? require(process.env.BUILD + '/libs/privacy/src/crypto/native-aes-gcm.js')
  : null;
const nativePath = nativeOpener === null ? null : nativeOpener.nativeAesGcmPath();
const { openWithNodeCrypto } = require(process.env.BUILD + '/libs/privacy/src/crypto/aes-gcm.js');
// Builds since the batches and answers lie in memory shared with the thread name them by slot; those
// before sent (moved) two buffers with each request.
const sharedSlots = existsSync(process.env.BUILD + '/libs/privacy/src/crypto/shared-slots.js');
function threadCodeHere() {
  const { port1, port2 } = new MessageChannel();
  let onRequest;
  const port = { on: (_event, listener) => (onRequest = listener), postMessage: (m, t) => port1.postMessage(m, t) };
  const workerData = { maxHeld: 1e9, nativePath };
  new Function('require', OPENING_THREAD_SOURCE)((m) => (m === 'node:worker_threads' ? { parentPort: port, workerData } : require(m)));
  return (request, transfer) => {
    port1.postMessage(request, transfer);
    onRequest(receiveMessageOnPort(port2).message);
    return receiveMessageOnPort(port2).message;
  };
}
const threadCode = threadCodeHere();
const sealedBatches = [];
async function prepareSealedBatches() {
  const all = new Set();
  for (let from = 0; from < sealed.length; from += BATCH) {
    const values = sealed.slice(from, from + BATCH);
    const bytes = Buffer.concat(values);
    const ends = new Uint32Array(values.length);
    values.reduce((end, v, i) => (ends[i] = end + v.length), 0);
    const keyIds = [...new Set(values.map((v) => JSON.parse(v.toString('utf8')).payload.sealed.key_id))];
    await keys.load(runner, keyIds);
    keyIds.forEach((id) => all.add(id));
    sealedBatches.push({ bytes, ends, keyIds, keys: keyIds.map((id) => keyObjectOf(keys.loaded(id))) });
  }
  if (keyIdsIn) return;
  // Every key given to the thread's code once, as a projector's thread holds them after its first batches.
  const keyIds = [...all];
  threadCode({
    id: 0, bytes: new Uint8Array(0), ends: new Uint32Array(0), out: new ArrayBuffer(1024), source: 0, now: 0, forget: [],
    size: 0, from: -1, into: -2, slots: { register: [[-1, new SharedArrayBuffer(1)], [-2, new SharedArrayBuffer(1024)]], drop: [] },
    given: { keyIds, keys: keyIds.map((id) => keyObjectOf(keys.loaded(id))), subjects: keyIds.map(() => 'bench'), until: keyIds.map(() => Number.MAX_SAFE_INTEGER) },
  });
}
// Each message's text as the caller takes it from the answer: builds before the answer was one buffer
// answered an array of strings.
function textsOf(answer, shared) {
  if (answer.texts) return answer.texts;
  const written = Buffer.from(answer.out ?? shared);
  return Array.from(answer.outEnds, (end, i) => written.toString('utf8', i === 0 ? 0 : answer.outEnds[i - 1], end));
}
function threadCodeAlone() {
  let cpu = 0;
  // Two slots for all the batches, as a projector's thread is handed them once and they come round again.
  const largest = Math.max(1024 * 1024, ...sealedBatches.map((batch) => batch.bytes.length));
  const from = new SharedArrayBuffer(largest);
  const into = new SharedArrayBuffer(largest);
  let register = [[1, from], [2, into]];
  for (const batch of sealedBatches) {
    if (sharedSlots) {
      Buffer.from(from).set(batch.bytes);
      const request = { id: 0, ends: batch.ends, size: batch.bytes.length, from: 1, into: 2, slots: { register, drop: [] }, source: 0, now: 0, forget: [], given: null };
      register = [];
      const before = cpuOf(process.threadCpuUsage());
      const texts = textsOf(threadCode(request, []), into);
      cpu += cpuOf(process.threadCpuUsage()) - before;
      if (texts.length !== batch.ends.length || !texts.some((t) => t.startsWith('{"payload":{'))) throw new Error('a bench batch did not open');
      continue;
    }
    const size = Math.max(batch.bytes.length, 1024 * 1024);
    const bytes = new Uint8Array(new ArrayBuffer(size), 0, batch.bytes.length);
    bytes.set(batch.bytes);
    const out = new ArrayBuffer(size);
    const request = keyIdsIn
      ? { id: 0, bytes, ends: batch.ends, keyIds: batch.keyIds, keys: batch.keys, forget: [], out }
      : { id: 0, bytes, ends: batch.ends, out, source: 0, now: 0, forget: [], given: null };
    const before = cpuOf(process.threadCpuUsage());
    const texts = textsOf(threadCode(request, [bytes.buffer, out]));
    cpu += cpuOf(process.threadCpuUsage()) - before;
    if (texts.length !== batch.ends.length || !texts.some((t) => t.startsWith('{"payload":{'))) throw new Error('a bench batch did not open');
  }
  return cpu / sealed.length;
}
function openAlone(opener) {
  const start = process.hrtime.bigint();
  for (const box of boxes) opener(keys.loaded(box.keyId), Buffer.from(box.data, 'base64'), box.aad);
  return Number(process.hrtime.bigint() - start) / 1000 / sealed.length;
}
(async () => {
  const measures = {
    plain: async () => (await spend(plain, here)).wall,
    sealed: async () => (await spend(sealed, here)).wall,
    threadPlain: () => spend(plain, thread),
    threadSealed: () => spend(sealed, thread),
    aesGcm: async () => openAlone(open),
    threadCode: async () => threadCodeAlone(),
  };
  // node:crypto alone too, where the build opens natively: what the native opener saves, in the same run.
  if (nativePath !== null) measures.nodeCrypto = async () => openAlone(openWithNodeCrypto);
  await prepareSealedBatches();
  for (const measure of Object.values(measures)) await measure();
  const names = Object.keys(measures);
  const rounds = [];
  for (let round = 0; round < Number(process.env.ROUNDS); round++) {
    const result = {};
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + round) % names.length];
      result[name] = await measures[name]();
    }
    rounds.push(result);
  }
  process.stdout.write(JSON.stringify(rounds));
  process.exit(0);
})().catch((err) => { console.error(err); process.exit(1); });
`;

const round2 = (value: number): number => +value.toFixed(2);

/**
 * The least the projector's decoding of sealed payloads costs here, beside the same for plain ones:
 * the same messages decoded by decodeEventMessages (the one seam every reader of events goes through:
 * parse, open, check, upcast), in a process of its own on the tests' build, every data key in memory
 * after the first batch, so no database and no Kafka: only the decoding and node:crypto's AES-256-GCM.
 */
export async function measureDecodeCost(
  sample: { plain: readonly (Buffer | string)[]; sealed: readonly (Buffer | string)[] },
  keys: readonly WrappedKeyRow[],
  rounds = 5,
): Promise<DecodeCost> {
  const dir = mkdtempSync(join(tmpdir(), 'pft-decode-'));
  try {
    const file = (name: string, values: readonly (Buffer | string)[]): string => {
      const path = join(dir, name);
      writeFileSync(path, values.map((v) => v.toString()).join('\n'));
      return path;
    };
    const keysFile = join(dir, 'keys.json');
    writeFileSync(
      keysFile,
      JSON.stringify(keys.map((k) => ({ ...k, wrapped_key: k.wrapped_key.toString('base64') }))),
    );
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', CHILD_SOURCE], {
      env: {
        ...process.env,
        BUILD: process.env.BENCH_DECODE_BUILD ?? TEST_BUILD_DIR,
        PLAIN: file('plain', sample.plain),
        SEALED: file('sealed', sample.sealed),
        KEYS: keysFile,
        ROUNDS: String(rounds),
      },
      maxBuffer: 1024 * 1024,
    });
    const measured = JSON.parse(stdout) as ({
      plain: number;
      sealed: number;
      aesGcm: number;
      threadCode: number;
      nodeCrypto?: number;
    } & Record<'threadPlain' | 'threadSealed', { wall: number; caller: number; process: number }>)[];
    const plainUs = median(measured.map((r) => r.plain));
    const sealedUs = median(measured.map((r) => r.sealed));
    const spendOf = (
      pick: (r: (typeof measured)[number]) => { wall: number; caller: number; process: number },
    ) => ({
      wall_us: round2(median(measured.map((r) => pick(r).wall))),
      caller_cpu_us: round2(median(measured.map((r) => pick(r).caller))),
      process_cpu_us: round2(median(measured.map((r) => pick(r).process))),
    });
    const threadPlain = spendOf((r) => r.threadPlain);
    const threadSealed = spendOf((r) => r.threadSealed);
    return {
      messages: sample.plain.length,
      plain_us_per_event: round2(plainUs),
      sealed_us_per_event: round2(sealedUs),
      sealed_extra_us_per_event: round2(sealedUs - plainUs),
      rounds: measured.map((r) => ({
        plain_us_per_event: round2(r.plain),
        sealed_us_per_event: round2(r.sealed),
      })),
      through_thread: {
        plain: threadPlain,
        sealed: threadSealed,
        sealed_extra_process_cpu_us: round2(threadSealed.process_cpu_us - threadPlain.process_cpu_us),
      },
      aes_gcm_open_us_per_event: round2(median(measured.map((r) => r.aesGcm))),
      ...(measured[0]!.nodeCrypto === undefined
        ? {}
        : { node_crypto_open_us_per_event: round2(median(measured.map((r) => r.nodeCrypto!))) }),
      thread_code_cpu_us_per_event: round2(median(measured.map((r) => r.threadCode))),
      note: "decodeEventMessages on the same messages published plain and sealed, as Buffers, 1,000 at a time, keys in memory, in a process of its own on the tests build, the measures in turn, medians: on the caller thread alone (plain/sealed_us_per_event), then as the projector decodes, sealed batches opened on its opening thread (through_thread, with each thread's CPU); the build's opener alone (the native one where it was built, else node:crypto) opening the same boxes (aes_gcm_open_us_per_event), and node:crypto alone beside a native one (node_crypto_open_us_per_event); and the opening thread's own code run on the measuring thread, its port a MessageChannel, with the caller's reading of each text (thread_code_cpu_us_per_event)",
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
