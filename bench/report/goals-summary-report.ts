import { rowsFloorShares } from './projector-report';
import { fmt, type Json, pacedHelloRun, rate, type ReadResult, run } from './report-format';

/** The report the performance goals were set against: its figures are where each goal started. */
const START = '8f8f41a (2026-11-23)';

/**
 * Each goal's figure in the report of START, with the floor it was measured against then, as that
 * report gave them. History: no result file of that run is kept, so they are written here once.
 */
const AT_THE_START = {
  write: '1,561 req/s: 0.211x the one-commit-per-turn floor (7,389 req/s)',
  import:
    '27,490 flights/s: 0.212x the same flights stored as rows of one table, one statement (129,511 flights/s)',
  projector: '32,430 events/s: 0.417x the narrow-row floor (77,739 events/s)',
  warm: '14,477 req/s: 0.685x bare Nest, reads counted in Redis, answer in memory (21,146 req/s)',
  cold: "7,748 req/s: 0.545x bare Fastify, one SELECT per event-loop turn's reads (14,222 req/s)",
  batch: '0.288x the single read (4,176 against 14,477 req/s)',
  p99: '35.3 ms: 7.7x hello-world paced beside a process as busy as the app (4.6 ms), 6.7x hello-world alone (5.3 ms)',
  memory: 'not measured',
} as const;

interface Goal {
  goal: string;
  start: string;
  now: string;
  met: string;
}

const yesNo = (met: boolean): string => (met ? 'yes' : 'no');

function writeGoals(d: Json | undefined): Goal[] {
  if (!d?.ratios) return [];
  const r = d.ratios as Json;
  return [
    {
      goal: "single pilot-app write at 0.5x its floor (the app's rows for one flight, one statement per event-loop turn's POSTs)",
      start: AT_THE_START.write,
      now: `${rate(d, 'POST /pilot/v1/flights')} req/s: ${fmt(r.single_post_vs_rows_per_turn_floor, 3)}x its floor; ${fmt(r.single_post_vs_grouped_durable_write_floor, 3)}x the one-commit-per-turn floor`,
      met: yesNo(r.single_post_vs_rows_per_turn_floor >= 0.5),
    },
    {
      goal: 'import at 0.5x its floor (the same rows, payloads sealed, one statement)',
      start: AT_THE_START.import,
      now: `${fmt(d.import_flights_per_second)} flights/s: ${fmt(r.import_vs_sealed_rows_floor, 3)}x its floor; ${fmt(r.import_vs_rows_floor, 3)}x the same rows unsealed; ${fmt(r.import_vs_floor, 3)}x the one-table floor`,
      met: yesNo(r.import_vs_sealed_rows_floor >= 0.5),
    },
  ];
}

function projectorGoals(d: Json | undefined): Goal[] {
  if (!d?.projection_rows_floor) return [];
  const shares = rowsFloorShares(d).filter(([, share]) => typeof share === 'number');
  const all =
    shares.length > 0 ? shares : [['kafkajs', d.projection_rows_floor.projector_share as number] as const];
  return [
    {
      goal: "projector at 0.6x its floor (the projection's own rows, one transaction per batch), on every Kafka client",
      start: AT_THE_START.projector,
      now: `${fmt(d.projector?.events_per_second)} events/s: ${all.map(([client, share]) => `${client} ${fmt(share, 3)}x`).join(', ')} its floor; ${fmt(d.projector?.events_per_second / d.write_floor?.events_per_second, 3)}x the narrow-row floor`,
      met: yesNo(all.every(([, share]) => share >= 0.6)),
    },
  ];
}

/**
 * A goal met against its own yardstick (`share` of `yardstick`), or else against the framework's pipeline
 * measured alone doing the same work (`pipelineShare`): the goal kept as the same share of it.
 */
const metOrAgainstPipeline = (
  goal: number,
  share: number,
  pipelineShare: number,
  yardstick: string,
): string =>
  share >= goal
    ? 'yes'
    : pipelineShare >= goal
      ? `against the pipeline floor: yes; against ${yardstick}: no`
      : 'no';

function readGoals(d: Json | undefined): Goal[] {
  if (!d?.shares) return [];
  const s = d.shares as Json;
  // Met against the bare Nest floor, or else against the framework's pipeline measured alone (the How clause).
  const against = (nest: number, pipeline: number): string =>
    metOrAgainstPipeline(0.8, nest, pipeline, 'bare Nest');
  const fastifySelect = run(d, "read floor: bare Fastify, one SELECT per event-loop turn's reads")
    ?.requests_per_second as number | undefined;
  const cold = run(d, 'single read, cold')?.requests_per_second as number | undefined;
  const paced = (name: string): number | undefined => run(d, name)?.p99_ms as number | undefined;
  const app = paced('single read, warm, paced at ');
  const hello = pacedHelloRun(d, false)?.p99_ms as number | undefined;
  const loaded = pacedHelloRun(d, true)?.p99_ms as number | undefined;
  const floor = paced("the warm read's floor, paced at ");
  const times = (p99: number | undefined): string =>
    app !== undefined && p99 ? `${fmt(app / p99, 2)}x` : 'n/a';
  return [
    {
      goal: 'partner read, warm, at 0.8x its floor (bare Nest, reads counted in Redis, answer in memory)',
      start: AT_THE_START.warm,
      now: `${rate(d, 'single read, warm')} req/s: ${fmt(s.single_warm_vs_nest_counted, 3)}x its floor; ${fmt(s.single_warm_vs_pipeline_counted, 3)}x the framework's pipeline alone`,
      met: against(s.single_warm_vs_nest_counted, s.single_warm_vs_pipeline_counted),
    },
    {
      goal: "partner read, cold, at 0.8x its floor (bare Nest, reads counted in Redis, one SELECT per event-loop turn's reads)",
      start: AT_THE_START.cold,
      now: `${rate(d, 'single read, cold')} req/s: ${fmt(s.single_cold_vs_nest_read, 3)}x its floor; ${fmt(s.single_cold_vs_pipeline_read, 3)}x the framework's pipeline alone; ${cold && fastifySelect ? fmt(cold / fastifySelect, 3) : 'n/a'}x bare Fastify's one SELECT per turn`,
      met: against(s.single_cold_vs_nest_read, s.single_cold_vs_pipeline_read),
    },
    {
      goal: 'batch of 50 at 0.4x the single read',
      start: AT_THE_START.batch,
      now: `${fmt(s.batch_vs_single_warm, 3)}x the single read`,
      met: yesNo(s.batch_vs_single_warm >= 0.4),
    },
    {
      goal: "partner read p99 at half load at most 2x hello-world's, paced at the same rate beside a process as busy as the app",
      start: AT_THE_START.p99,
      now: `${fmt(app, 1)} ms: ${times(loaded)} hello-world beside a process as busy as the app (${fmt(loaded, 1)} ms), ${times(hello)} hello-world alone (${fmt(hello, 1)} ms), ${times(floor)} the warm read's floor paced alike (${fmt(floor, 1)} ms)`,
      met: yesNo(app !== undefined && loaded !== undefined && app <= 2 * loaded),
    },
  ];
}

/**
 * Issue 62's goals of the experience reads, beside the totals reads of the same run, and issue 64's
 * requirement check beside the experience read.
 */
function experienceGoals(d: Json | undefined): Goal[] {
  if (!d?.shares) return [];
  const s = d.shares as Json;
  const alone = (d.long_logbook_statement_alone ?? []) as Json[];
  const long = (d.runs as Json[]).filter((r) => String(r.name).startsWith('experience of '));
  return [
    {
      goal: 'partner experience read, warm, at 0.7x the totals read warm',
      start: 'not measured (new)',
      now: `${rate(d, 'experience read, warm')} req/s: ${fmt(s.experience_warm_vs_totals_warm, 3)}x the totals read (${rate(d, 'totals read, warm')} req/s)`,
      met: yesNo(s.experience_warm_vs_totals_warm >= 0.7),
    },
    {
      goal: 'partner experience read, cold, at 0.5x the totals read cold',
      start: 'not measured (new)',
      now: `${rate(d, 'experience read, cold')} req/s: ${fmt(s.experience_cold_vs_totals_cold, 3)}x the totals read (${rate(d, 'totals read, cold')} req/s)`,
      met: yesNo(s.experience_cold_vs_totals_cold >= 0.5),
    },
    ...(s.check_20_vs_experience_warm === undefined
      ? []
      : [
          {
            goal: 'partner requirement check of 20, warm, at 0.7x the experience read warm',
            start: 'not measured (new)',
            now:
              `${rate(d, 'requirement check of 20, warm')} req/s: ${fmt(s.check_20_vs_experience_warm, 3)}x the experience read (${rate(d, 'experience read, warm')} req/s)` +
              (s.check_floor_vs_experience_warm === undefined
                ? ''
                : `; its floor (the same POST recorded by the same statement and answered, nothing else) ${fmt(s.check_floor_vs_experience_warm, 3)}x`) +
              (s.check_20_vs_check_pipeline_floor === undefined
                ? ''
                : `; the check ${fmt(s.check_20_vs_check_pipeline_floor, 3)}x its pipeline floor (the same POST through the partner routes' pipeline, counted in Redis, recorded by the same statement; ${fmt(s.check_pipeline_floor_vs_experience_warm, 3)}x the experience read)`),
            met: metOrAgainstPipeline(
              0.7,
              s.check_20_vs_experience_warm,
              s.check_20_vs_check_pipeline_floor,
              'the experience read',
            ),
          },
        ]),
    {
      goal: `an as_of read of a pilot of ${String(d.settings?.long_logbook?.flights)} flights over ${String(d.settings?.long_logbook?.years)} years: report the figure`,
      start: 'not measured (new)',
      now: [
        ...long.map((r) => `${String(r.name)}: ${fmt(r.requests_per_second)} req/s, p50 ${fmt(r.p50_ms)} ms`),
        ...alone.map((a) => `its statement alone as of ${String(a.as_of)}: p50 ${fmt(a.p50_ms, 2)} ms`),
      ].join('; '),
      met: 'reported',
    },
  ];
}

/** Issue 63's goals of a logbook file's import: the commit beside the JSON import, the preview's CPU. */
function importFileGoals(d: Json | undefined): Goal[] {
  if (!d?.ratios) return [];
  const flights = fmt(d.settings?.flights);
  return [
    {
      goal: `commit of a ${flights}-flight logbook file at 0.5x the JSON import of the same flights`,
      start: 'not measured (new)',
      now: `${fmt(d.ratios.commit_vs_json_import, 3)}x (by round: ${(d.ratios.commit_vs_json_import_by_round as number[]).join(', ')})`,
      met: yesNo(d.ratios.commit_vs_json_import >= 0.5),
    },
    {
      goal: `preview of a ${flights}-flight logbook file under 2 s of server CPU`,
      start: 'not measured (new)',
      now: `${fmt(d.preview_server_cpu_seconds, 2)} s of server CPU (the median round)`,
      met: yesNo(d.preview_server_cpu_seconds < 2),
    },
  ];
}

function memoryGoals(d: Json | undefined): Goal[] {
  if (!d?.apps) return [];
  const apps = Object.entries(d.apps as Record<string, Json>);
  return [
    {
      goal: `each app's resident size after a ${String(d.load?.minutes)}-minute steady load within 10% of its size after one minute`,
      start: AT_THE_START.memory,
      now: apps.map(([app, m]) => `${app} ${fmt(m.end_vs_1_min, 3)}x`).join(', '),
      met: yesNo(apps.every(([, m]) => (m.end_vs_1_min as number) <= 1.1)),
    },
  ];
}

/**
 * The performance goals in one table: each where it started (the report of START) and where it stands
 * in the newest runs, whose sections below give every figure beside its floor.
 */
export function goalsSummaryLines(newest: ReadResult): string[] {
  const goals = [
    ...writeGoals(newest('ingestion')?.data),
    ...projectorGoals(newest('projector')?.data),
    ...readGoals(newest('partner-api')?.data),
    ...experienceGoals(newest('partner-api-experience')?.data),
    ...importFileGoals(newest('import-file')?.data),
    ...memoryGoals(newest('memory')?.data),
  ];
  if (goals.length === 0) return [];
  return [
    '## Performance goals: where they started and where they stand',
    '',
    `Each goal's figure in the report of ${START}, before the work on them, and in the newest runs (their sections below; each run's load average is there: a busy machine lowers a share and raises a p99).`,
    '',
    '| goal | at the start | now | met |',
    '|---|---|---|---|',
    ...goals.map(({ goal, start, now, met }) => `| ${goal} | ${start} | ${now} | ${met} |`),
    '',
  ];
}
