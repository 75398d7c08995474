import { byRounds, fmt, type Json, pacedHelloRun, repeats, type Row, run } from './report-format';

/** Past this spread of hello-world's rounds, a share says little (docs/performance.md). */
const MAX_ROUND_SPREAD = 1.5;

/** The rows as they are, or with every goal left undecided when hello-world's rounds spread past MAX_ROUND_SPREAD. */
function undecidedWhenNoisy(helloRounds: number[] | undefined, rows: Row[]): Row[] {
  if (!helloRounds || helloRounds.length < 2) return rows;
  const spread = Math.max(...helloRounds) / Math.min(...helloRounds);
  if (spread <= MAX_ROUND_SPREAD) return rows;
  const why = `hello-world moved ${fmt(spread, 2)}-fold between its rounds`;
  return rows.map((row, i) =>
    i === 0
      ? {
          ...row,
          goal: `reference; ${why}, past the ${MAX_ROUND_SPREAD}-fold within which a round's share of its floor measures the app: no goal of this run is decided`,
        }
      : row.met === null
        ? row
        : { ...row, goal: `${row.goal} (not decided: ${why})`, met: null },
  );
}

const NEST = 'Nest floor: bare Nest on Fastify, reads counted in Redis';
const PIPELINE =
  "Nest pipeline floor: bare Nest on Fastify, the partner route's three guards, the CQRS bus and the partner headers, reads counted in Redis";
const FASTIFY_READ = "read floor: bare Fastify, one SELECT per event-loop turn's reads";

/** The floors measured beside the reads, by the name their runs start with. */
const FLOORS = [
  [`${NEST}, one INCRBY per event-loop turn, answer in memory`, "the warm read's floor"],
  [`${NEST}, one SELECT per event-loop turn's reads`, "the cold read's floor"],
  [
    `${PIPELINE}, answer in memory`,
    "the framework's pipeline alone doing the warm read's work (support/nest-pipeline-floor.ts)",
  ],
  [
    `${PIPELINE}, one SELECT per event-loop turn's reads`,
    "the framework's pipeline alone doing the cold read's work",
  ],
  [FASTIFY_READ, "the cold read's yardstick at the start: no Nest"],
] as const;

/**
 * The partner API's figures, each beside the goal #21 sets it: shares of the floors measured in the
 * same rounds (the median of the rounds' shares), the batch against the single read, and the p99 at
 * half load against hello-world's paced at that rate beside a process as busy as the app.
 */
export function partnerApiRows(d: Json): Row[] {
  const s = (d.shares ?? {}) as Json;
  const r = (d.shares_by_round ?? {}) as Json;
  const hello = run(d, 'hello-world')?.requests_per_second as number;
  const shared = (name: string): string => byRounds(s[name], r[name]);
  const read = (name: string, floor: string, pipeline: string, what: string): Row[] => {
    const measured = run(d, name) ?? {};
    return [
      {
        figure: `${name}`,
        value: `${fmt(measured.requests_per_second)} req/s (${fmt(measured.requests_per_second / hello, 3)}x hello-world)${repeats(measured, 'req/s')}; ${shared(floor)} its floor (bare Nest, reads counted in Redis, ${what})`,
        goal: `0.8x its floor (bare Nest, reads counted in Redis, ${what}; same run) or better`,
        met: s[floor] >= 0.8,
      },
      {
        figure: `${name}, against the framework doing the same work`,
        value: `${shared(pipeline)} the pipeline floor`,
        goal: '0.8x that floor (same run) or better: the goal kept as the same share of the dependency measured alone doing the same work',
        met: s[pipeline] >= 0.8,
      },
    ];
  };
  const half = run(d, 'single read, warm, paced at ') ?? {};
  const paced = (label: string, p: Json | undefined, goal: string, met: boolean | null): Row => ({
    figure: `${label}, paced at the same rate (same run)`,
    value: `p99 ${fmt(p?.p99_ms, 1)} ms (p50 ${fmt(p?.p50_ms, 1)} ms)${repeats(p, 'ms')}; the app's p99 ${fmt(half.p99_ms / p?.p99_ms, 2)}x it`,
    goal,
    met,
  });
  const loaded = pacedHelloRun(d, true);
  const batch = run(d, 'batch of 50') ?? {};
  return undecidedWhenNoisy(run(d, 'hello-world')?.repeats as number[] | undefined, [
    {
      figure: 'hello-world (same run)',
      value: `${fmt(hello)} req/s${repeats(run(d, 'hello-world'), 'req/s')}`,
      goal: 'reference',
      met: null,
    },
    ...read(
      'single read, warm',
      'single_warm_vs_nest_counted',
      'single_warm_vs_pipeline_counted',
      'answer in memory',
    ),
    ...read(
      'single read, cold',
      'single_cold_vs_nest_read',
      'single_cold_vs_pipeline_read',
      "one SELECT per event-loop turn's reads",
    ),
    {
      figure: 'batch of 50',
      value: `${fmt(batch.requests_per_second)} req/s${repeats(batch, 'req/s')}; ${shared('batch_vs_single_warm')} the single read`,
      goal: '0.4x the single read or better',
      met: s.batch_vs_single_warm >= 0.4,
    },
    {
      figure: `p99 at half load (${String(half.name)})`,
      value: `${fmt(half.p99_ms, 1)} ms (p50 ${fmt(half.p50_ms, 1)} ms)${repeats(half, 'ms')}; requests sent evenly for ${fmt(half.seconds)} s a run, the generator's own lateness p99 ${fmt(half.send_lateness_p99_ms, 1)} ms; the app used ${fmt((half.cpu_share as number) * 100)}% of a core`,
      goal: 'at most 2x the p99 of hello-world paced at the same rate beside a process as busy as the app (same run)',
      met: loaded ? half.p99_ms <= 2 * loaded.p99_ms : false,
    },
    paced(
      'hello-world beside a process as busy as the app was',
      loaded,
      "reference: the p99 goal's floor",
      null,
    ),
    paced('hello-world alone', pacedHelloRun(d, false), "reference: the machine's latency floor", null),
    paced(
      "the warm read's floor (bare Nest, reads counted in Redis, answer in memory)",
      run(d, "the warm read's floor, paced at "),
      'reference: the latency of the least work the same request needs here',
      null,
    ),
    ...FLOORS.map(([name, what]) => {
      const floor = run(d, name);
      return {
        figure: `floor: ${name.replace(/^[^:]*floor: /, '')} (same run)`,
        value: `${fmt(floor?.requests_per_second)} req/s (${fmt(floor?.requests_per_second / hello, 3)}x hello-world)${repeats(floor, 'req/s')}`,
        goal: `reference: ${what}`,
        met: null,
      };
    }),
  ]);
}
