/**
 * What recording the pilots' access history costs the partner API: the warm, cold and batch reads on
 * two replicas, one recording and one with ACCESS_HISTORY=off, each round's pair measured back to back
 * (the order alternating); the figure is the median of the rounds' ratios. At the end the recorded
 * reads must equal the pilot answers the recording replica gave (its own metric). Settings:
 * BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_REPEATS (3). Writes
 * bench/results/partner-api-access-history.json.
 */
import { READ_PILOTS, readPaths, seedBenchReads } from './bench-data';
import { benchmark, BenchRun, expectAnsweredWell, measureRounds, roundSettings } from '../support/bench-run';
import { rotating } from '../support/measure';
import { partnerApiEnv } from '../support/partner-reads-prefix';

const { seconds: SECONDS, connections: CONNECTIONS, repeats: REPEATS } = roundSettings(50);

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
    const { db, dataSource, auth, pilotIds } = await seedBenchReads(bench);
    const env = (recording: 'on' | 'off') => partnerApiEnv(db.url, recording, { ACCESS_HISTORY: recording });
    const apps = {
      on: await bench.app('partner-api', await env('on')),
      off: await bench.app('partner-api', await env('off')),
    };
    const { single: singlePath, cold, batches } = readPaths(pilotIds);
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
          requests: rotating(cold, auth),
        }),
      batch: (r: Recording) =>
        bench.measure(`batch of 50, recording ${r}`, { url: apps[r].url, requests: rotating(batches, auth) }),
    };
    type Read = keyof typeof reads;
    const names = Object.keys(reads) as Read[];
    // Each read on both replicas back to back, so that the reversed order of odd rounds swaps their order.
    const { runs, sharesByRound, shares } = await measureRounds(
      Object.fromEntries(
        names.flatMap((read) => (['on', 'off'] as const).map((r) => [`${read}_${r}`, () => reads[read](r)])),
      ),
      REPEATS,
      Object.fromEntries(names.map((read) => [read, [`${read}_on`, `${read}_off`]])) as Record<
        Read,
        [string, string]
      >,
    );
    const ratios = Object.fromEntries(
      Object.entries(shares).map(([read, ratio]) => [`${read}_recording_vs_not`, ratio]),
    );

    // Every pilot answer the recording replica gave (its own count, warm-up included) is recorded once it
    // stops; the other records nothing.
    const answered = await totalsAnswered(apps.on.metricsUrl);
    await apps.on.stop('SIGTERM');
    await apps.off.stop('SIGTERM');
    const [row] = await dataSource.query<{ recorded: number }[]>(
      'select coalesce(sum(reads), 0)::float8 as recorded from partner_reads',
    );
    const recorded = row?.recorded ?? 0;

    const result = {
      settings: { seconds_per_run: SECONDS, connections: CONNECTIONS, repeats: REPEATS, pilots: READ_PILOTS },
      runs: Object.values(runs),
      ratios,
      ratios_by_round: sharesByRound,
      recorded_reads: { recorded, answered_by_the_recording_replica: answered },
      goals: Object.fromEntries(
        names.map((read) => [
          `${read}: with recording at 0.95x of without or better`,
          ratios[`${read}_recording_vs_not`]! >= 0.95,
        ]),
      ),
    };
    bench.write(result, { ratios, goals: result.goals, recorded_reads: result.recorded_reads });
    expectAnsweredWell(result.runs);
    expect(recorded).toBe(answered);
  },
  900_000,
);
