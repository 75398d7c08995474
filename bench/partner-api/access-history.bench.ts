/**
 * What recording reads for the pilots' access history costs the partner API: the same reads against two
 * replicas of the same build on the same database, one recording (ACCESS_HISTORY on, the service's
 * setting) and one not (ACCESS_HISTORY=off, which exists for this comparison), measured in one run:
 *
 *   npm run build:test && npx jest bench/partner-api/access-history --selectProjects bench
 *
 * (BENCH_SECONDS per run, default 10; BENCH_CONNECTIONS, default 50; BENCH_REPEATS, default 3.) The
 * result goes to bench/results/partner-api-access-history.json.
 *
 * Three reads, each on both replicas, the rounds interleaved (recording first in odd rounds, last in
 * even ones): the single read warm (one pilot again and again, answered from memory), the single read
 * cold (rotating over 30,000 pilots) and the batch of 50 (rotating over 10,000). Each figure is the
 * median of the rounds' ratios (with recording against without, the two runs of a round measured one
 * after the other); each run's median is kept too.
 * Goal: each read with recording at 0.95x of it without or better. At the end both replicas are stopped
 * with SIGTERM and the recorded reads counted: the recording replica recorded every pilot answer it gave
 * (its own metric) and the other none.
 */
import { createDataSource } from '@pft/platform';
import { batchPaths, seedBenchData } from './bench-data';
import {
  benchmark,
  benchSetting,
  BenchRun,
  expectAnsweredWell,
  median,
  medianRun,
  roundOrder,
  share,
} from '../support/bench-run';
import { type Measured, rotating } from '../support/measure';
import { partnerReadsPrefix } from '../support/partner-reads-prefix';

const SECONDS = benchSetting('SECONDS', 10);
const CONNECTIONS = benchSetting('CONNECTIONS', 50);
const REPEATS = Math.max(1, benchSetting('REPEATS', 3));
const PILOTS = 30_000;
const BATCH_PILOTS = 10_000;

/** Pilot totals a replica answered (from memory or the database), from its metrics port. */
async function totalsAnswered(metricsUrl: string): Promise<number> {
  const text = await (await fetch(`${metricsUrl}/metrics`)).text();
  let total = 0;
  for (const match of text.matchAll(/^pft_partner_totals_answers_total\{[^}]*\} (\d+)/gm))
    total += Number(match[1]);
  return total;
}

benchmark(
  'partner API reads with the access history recorded, beside the same reads without',
  new BenchRun('partner-api-access-history', { seconds: SECONDS, connections: CONNECTIONS }),
  async (bench) => {
    const db = await bench.database();
    const seeding = await createDataSource(db.url, 2).initialize();
    const data = await seedBenchData(seeding, PILOTS);
    bench.defer(() => seeding.destroy());
    const env = async (recording: 'on' | 'off') => ({
      DATABASE_URL: db.url,
      DATABASE_POOL_SIZE: '20',
      LOG_LEVEL: 'warn',
      PARTNER_REDIS_PREFIX: await partnerReadsPrefix(recording),
      ACCESS_HISTORY: recording,
    });
    const apps = {
      on: await bench.app('partner-api', await env('on')),
      off: await bench.app('partner-api', await env('off')),
    };
    const auth = { authorization: `Bearer ${data.key}` };
    const singlePath = `/v1/pilot-totals?pilot_id=${data.pilotIds[0]!}`;
    const batches = batchPaths(data.pilotIds, BATCH_PILOTS);
    const coldPaths = data.pilotIds.map((id) => `/v1/pilot-totals?pilot_id=${id}`);

    for (const app of Object.values(apps))
      await bench.warm({ url: `${app.url}${singlePath}`, headers: auth });

    type Recording = keyof typeof apps;
    const reads = {
      warm: (r: Recording) =>
        bench.measure(`single read, warm, recording ${r}`, {
          url: `${apps[r].url}${singlePath}`,
          headers: auth,
        }),
      cold: (r: Recording) =>
        bench.measure(`single read, cold, recording ${r}`, {
          url: apps[r].url,
          requests: rotating(coldPaths, auth),
        }),
      batch: (r: Recording) =>
        bench.measure(`batch of 50, recording ${r}`, { url: apps[r].url, requests: rotating(batches, auth) }),
    };
    type Read = keyof typeof reads;
    const runs = Object.fromEntries(
      Object.keys(reads).map((read) => [read, { on: [] as Measured[], off: [] as Measured[] }]),
    ) as Record<Read, Record<Recording, Measured[]>>;
    for (let n = 0; n < REPEATS; n++) {
      for (const read of Object.keys(reads) as Read[])
        for (const recording of roundOrder<Recording>(['on', 'off'], n))
          runs[read][recording].push(await reads[read](recording));
    }

    const rate = (r: Measured): number => r.requests_per_second;
    const medians = Object.fromEntries(
      (Object.keys(reads) as Read[]).map((read) => [
        read,
        { on: medianRun(runs[read].on, rate), off: medianRun(runs[read].off, rate) },
      ]),
    ) as Record<Read, Record<Recording, Measured & { repeats: number[] }>>;
    // Each round's two runs are measured one right after the other, so a round's ratio is taken under
    // the same load on the machine; the figure is the median of the rounds' ratios, which a round
    // slowed down as a whole (both runs alike) does not move.
    const byRound = Object.fromEntries(
      (Object.keys(reads) as Read[]).map((read) => [
        read,
        runs[read].on.map((on, n) =>
          share(on.requests_per_second_exact, runs[read].off[n]!.requests_per_second_exact),
        ),
      ]),
    ) as Record<Read, number[]>;
    const ratios = Object.fromEntries(
      (Object.keys(reads) as Read[]).map((read) => [
        `${read}_recording_vs_not`,
        +median(byRound[read]).toFixed(3),
      ]),
    );

    // Every pilot answer the recording replica gave (its own count, warm-up included) is recorded once it
    // stops; the other records nothing.
    const answered = await totalsAnswered(apps.on.metricsUrl);
    await apps.on.stop('SIGTERM');
    await apps.off.stop('SIGTERM');
    const [row] = await seeding.query<{ recorded: number }[]>(
      'select coalesce(sum(reads), 0)::float8 as recorded from partner_reads',
    );
    const recorded = row?.recorded ?? 0;

    const result = {
      settings: { seconds_per_run: SECONDS, connections: CONNECTIONS, repeats: REPEATS, pilots: PILOTS },
      runs: (Object.keys(reads) as Read[]).flatMap((read) => [medians[read].on, medians[read].off]),
      ratios,
      ratios_by_round: byRound,
      recorded_reads: { recorded, answered_by_the_recording_replica: answered },
      goals: Object.fromEntries(
        (Object.keys(reads) as Read[]).map((read) => [
          `${read}: with recording at 0.95x of without or better`,
          ratios[`${read}_recording_vs_not`]! >= 0.95,
        ]),
      ),
    };
    const file = bench.write(result);
    process.stdout.write(
      `${JSON.stringify({ ratios: result.ratios, goals: result.goals, recorded_reads: result.recorded_reads }, null, 2)}\n${file}\n`,
    );
    expectAnsweredWell(result.runs);
    expect(recorded).toBe(answered);
  },
  900_000,
);
