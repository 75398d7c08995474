import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { TEST_BUILD_DIR } from '@pft/testing';
import { median } from '../support/kafka-clients';

/** What decoding costs per event, in microseconds, the service's decode seam alone in a process of its own. */
export interface DecodeCost {
  messages: number;
  plain_us_per_event: number;
  sealed_us_per_event: number;
  /** What a sealed payload adds to decoding one event: opening it (base64, AES-256-GCM) and parsing it apart. */
  sealed_extra_us_per_event: number;
  rounds: { plain_us_per_event: number; sealed_us_per_event: number }[];
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
 * line) and the wrapped keys from the files it is given, then decodes the plain and the sealed ones
 * with decodeEventMessages, BATCH at a time as the projector's batches come, opening payloads through
 * boxOpener and DataKeys as the projector does (keys unwrapped with the environment's master keys,
 * once, then from memory), but on this one thread (the projector hands a batch of sealed messages to its opening
 * thread): what opening costs, wherever it runs. A warm-up of each, then ROUNDS rounds alternating which goes first; prints
 * each round's microseconds per event as JSON.
 */
const CHILD_SOURCE = `
const { readFileSync } = require('node:fs');
const { decodeEventMessages } = require(process.env.BUILD + '/libs/contracts/src/index.js');
const { boxOpener, DataKeys, masterKeyRingFromEnv } = require(process.env.BUILD + '/libs/platform/src/crypto/index.js');
const BATCH = 1000;
const lines = (file) => readFileSync(file, 'utf8').split('\\n').filter(Boolean);
const plain = lines(process.env.PLAIN);
const sealed = lines(process.env.SEALED);
const rows = JSON.parse(readFileSync(process.env.KEYS, 'utf8')).map((r) => ({ ...r, wrapped_key: Buffer.from(r.wrapped_key, 'base64') }));
const keys = new DataKeys(masterKeyRingFromEnv(), { max: Math.max(1, rows.length) });
const opener = boxOpener(keys, { query: async () => rows }, { thread: null });
async function perEvent(values) {
  let elapsed = 0n;
  for (let from = 0; from < values.length; from += BATCH) {
    const batch = values.slice(from, from + BATCH);
    const start = process.hrtime.bigint();
    const decoded = await decodeEventMessages(batch, opener);
    elapsed += process.hrtime.bigint() - start;
    if (decoded.some((d) => !d.ok)) throw new Error('a bench message did not decode');
  }
  return Number(elapsed) / 1000 / values.length;
}
(async () => {
  await perEvent(plain);
  await perEvent(sealed);
  const rounds = [];
  for (let round = 0; round < Number(process.env.ROUNDS); round++) {
    const a = await perEvent(round % 2 === 0 ? plain : sealed);
    const b = await perEvent(round % 2 === 0 ? sealed : plain);
    rounds.push(round % 2 === 0 ? { plain: a, sealed: b } : { plain: b, sealed: a });
  }
  process.stdout.write(JSON.stringify(rounds));
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
        BUILD: TEST_BUILD_DIR,
        PLAIN: file('plain', sample.plain),
        SEALED: file('sealed', sample.sealed),
        KEYS: keysFile,
        ROUNDS: String(rounds),
      },
      maxBuffer: 1024 * 1024,
    });
    const measured = JSON.parse(stdout) as { plain: number; sealed: number }[];
    const plainUs = median(measured.map((r) => r.plain));
    const sealedUs = median(measured.map((r) => r.sealed));
    return {
      messages: sample.plain.length,
      plain_us_per_event: round2(plainUs),
      sealed_us_per_event: round2(sealedUs),
      sealed_extra_us_per_event: round2(sealedUs - plainUs),
      rounds: measured.map((r) => ({
        plain_us_per_event: round2(r.plain),
        sealed_us_per_event: round2(r.sealed),
      })),
      note: 'decodeEventMessages on the same messages published plain and sealed, 1,000 at a time, keys in memory, in a process of its own on the tests build, alternating rounds, medians: what opening sealed payloads adds per event before anything is folded or stored',
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
