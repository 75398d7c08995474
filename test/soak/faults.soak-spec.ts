import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { mintPilotToken } from '@pft/logbook/pilot-auth/pilot-jwt';
import {
  linkedPilots,
  LogbookWriteFailed,
  newRetryLog,
  readPartnerTotals,
  runLogbookWorkload,
  waitUntilAllCurrent,
  type WorkloadPilot,
} from '@pft/testing';
import { runFaults } from './support/soak-faults';
import { readUntil } from './support/soak-reads';
import { passed, type SoakResult, writeSoakReport } from './support/soak-report';
import { SOAK_SECRET, type SoakStack, startSoakStack } from './support/soak-stack';

const ROOT = join(__dirname, '..', '..');
const setting = (name: string, fallback: number): number => Number(process.env[name] ?? fallback);
const MINUTES = setting('SOAK_MINUTES', 5);
const PILOTS = setting('SOAK_PILOTS', 40);
const WRITES_PER_SECOND = setting('SOAK_WRITES_PER_SECOND', 30);
const READERS = setting('SOAK_READERS', 2);
const READ_PAUSE_MS = setting('SOAK_READ_PAUSE_MS', 10);
const SEED = setting('SOAK_SEED', Date.now() % 1_000_000);
/** SOAK_FAULTS: the kinds of fault to run, comma-separated (e.g. `Redis loss`); every kind when unset. */
const FAULT_KINDS = process.env.SOAK_FAULTS?.split(',').map((kind) => kind.trim());
/** Every app's output, written when the soak ends: what to read after a wrong answer. */
const OUTPUT_DIR = join(ROOT, '.stack', 'test-results', 'soak');
const BATCH = 30;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `npm run soak`: the faults workload for SOAK_MINUTES (5 by default). Pilots write at a steady rate
 * (each write sent again after an error answer; a new pilot linked every 20 batches, read live until
 * the projector has its row) and partners read without pause from two partner API
 * replicas, every read judged against the oracle (soak-report.ts says what makes one wrong), while the
 * relays, projectors, broker, Postgres and Redis fail in turn (soak-faults.ts). Then the writes stop,
 * every pilot must read its oracle's totals on both replicas, and the report goes to
 * bench/results/soak.json and soak.md.
 */
describe('the pipeline under faults, for as long as the soak is set to run', () => {
  let stack: SoakStack | undefined;

  beforeAll(async () => {
    stack = await startSoakStack(PILOTS);
  }, 600_000);

  afterAll(async () => {
    if (!stack) return;
    rmSync(OUTPUT_DIR, { recursive: true, force: true });
    mkdirSync(OUTPUT_DIR, { recursive: true });
    for (const { name, output } of stack.everStarted)
      writeFileSync(join(OUTPUT_DIR, `${name}.log`), output());
    await stack.close();
  }, 300_000);

  it(
    'never answers a partner wrong while the relays, projectors, broker, Postgres and Redis fail',
    async () => {
      const s = stack!;
      const startedAt = new Date().toISOString();
      const loadStart = loadavg();
      const began = performance.now();
      const until = began + MINUTES * 60_000;
      const retired = new Map<WorkloadPilot, string>();
      const live = (): WorkloadPilot[] => s.pilots.filter((p) => !retired.has(p));
      const retries = newRetryLog();
      const failed: string[] = [];
      const linkFailures: string[] = [];

      let reading = true;
      const reads = readUntil(
        () => s.partnerApis.map((a) => a.url),
        s.key,
        live,
        { readers: READERS, pauseMs: READ_PAUSE_MS, began },
        () => !reading,
      );
      const writes = (async () => {
        let tokensAt = performance.now();
        for (let seed = SEED * 1000; performance.now() < until; seed++) {
          const batchBegan = performance.now();
          // The pilots' tokens last two hours: fresh ones every half hour, for runs longer than that.
          if (batchBegan - tokensAt > 30 * 60_000) {
            for (const p of s.pilots) p.token = mintPilotToken(SOAK_SECRET, p.accountId, 7200);
            tokensAt = batchBegan;
          }
          // A pilot linked now and then is read before the projector has a row for it: answered live.
          if (seed % 20 === 0) {
            const urls = { ingestion: s.ingestion.url, partnerApi: s.partnerApis[seed % 2]!.url };
            await linkedPilots(urls, s.key, SOAK_SECRET, 1)
              .then((linked) => s.pilots.push(...linked))
              .catch((err: Error) =>
                linkFailures.push(`${((performance.now() - began) / 1000).toFixed(1)} s: ${err.message}`),
              );
          }
          try {
            await runLogbookWorkload(s.ingestion.url, live(), BATCH, seed, 3, retries);
          } catch (err) {
            // The pilot's model may now hold a change the service has not: its reads are judged no more.
            if (!(err instanceof LogbookWriteFailed)) throw err;
            const pilot = s.pilots.find((p) => p.pilotId === err.pilotId)!;
            retired.set(pilot, err.message);
            failed.push(`${((performance.now() - began) / 1000).toFixed(1)} s: ${err.message}`);
          }
          await sleep(Math.max(0, (BATCH / WRITES_PER_SECOND) * 1000 - (performance.now() - batchBegan)));
        }
      })();
      const { faults, errors } = await runFaults(s, began, until, SEED, FAULT_KINDS);
      await writes;
      const secondsRun = Number(((performance.now() - began) / 1000).toFixed(1));
      console.log(
        `${secondsRun} s of writes, reads and ${faults.length} faults; waiting for every pilot to be current`,
      );

      const drained = performance.now();
      let caughtUpSeconds: number | null = null;
      try {
        for (const api of s.partnerApis) await waitUntilAllCurrent(api.url, s.key, live(), 180_000);
        caughtUpSeconds = Number(((performance.now() - drained) / 1000).toFixed(1));
      } catch (err) {
        console.log((err as Error).message);
      }
      reading = false;
      const tally = await reads;
      const notCurrent: string[] = [];
      for (const [replica, api] of s.partnerApis.entries())
        for (const pilot of live()) {
          const read = await readPartnerTotals(api.url, s.key, pilot);
          if (read.status !== 200 || !pilot.model.isCurrent(read.totals))
            notCurrent.push(`replica ${replica}, pilot ${pilot.pilotId}: ${read.status}`);
        }
      const count = async (sql: string): Promise<number> =>
        Number((await s.direct.query<{ n: string }>(sql)).rows[0]?.n ?? -1);

      const result: SoakResult = {
        startedAt,
        revision: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim(),
        minutesSet: MINUTES,
        secondsRun,
        setup: {
          pilots: PILOTS,
          'writes/s': WRITES_PER_SECOND,
          readers: READERS,
          seed: SEED,
          'partner APIs': 2,
          projectors: 2,
          relays: 2,
          'Kafka broker': 1,
          partitions: 6,
        },
        loadAverage: { start: loadStart, end: loadavg() },
        writes: {
          acknowledged: s.pilots.reduce((n, p) => n + p.model.history.filter((h) => h.ackedAt).length - 1, 0),
          errorAnswersRetried: retries.errorAnswers,
          outcomeUnknown: retries.outcomeUnknown,
          unexplained: retries.unexplained,
          failed,
          pilotsLinkedDuring: s.pilots.length - PILOTS,
          linkFailures,
        },
        reads: tally,
        faults,
        faultErrors: errors,
        final: {
          caughtUpSeconds,
          notCurrent,
          deadLetters: await count('select count(*)::text as n from projection_dead_letters'),
          outboxLeft: await count('select count(*)::text as n from event_outbox'),
        },
      };
      writeSoakReport(result);
      console.log(
        `${tally.pilotReads} pilot reads: ${tally.right} right, ${tally.unavailable} clean 503, ` +
          `${tally.wrongCount} wrong; ${faults.length} faults; report in bench/results/soak.md`,
      );
      expect(tally.wrong).toEqual([]);
      expect(passed(result)).toBe(true);
      expect(tally.right).toBeGreaterThan(0);
    },
    (setting('SOAK_MINUTES', 5) + 15) * 60_000,
  );
});
