/**
 * Gathers the result of each benchmark in bench/results/ (`<name>.json`, the newest run's: each run
 * replaces the last) into bench/results/report.md, each figure beside its goal from the issues, then
 * where the apps spent each load, from the profiled runs (`<name>-profiles.json`) when there are any.
 * Run by `npm run bench` after the benchmarks, or alone:
 *
 *   npx jest bench/report --selectProjects bench
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESULTS_DIR as RESULTS } from '../support/bench-run';
import { compareBuildsFigures } from './compare-builds-report';
import { goalsSummaryLines } from './goals-summary-report';
import { latencyFigures } from './latency-report';
import { memoryFigures } from './memory-report';
import { decodingAloneLines, privacyFigures, sealedBesideBuildLines, sealingRows } from './privacy-report';
import { kafkaClientVerdict, projectorClientLines, relayClientLines } from './kafka-clients-report';
import { partnerApiFigures } from './partner-api-report';
import { profileLines } from './profiles-report';
import { relayLingerFigures } from './relay-linger-report';
import { writeCpuFigures } from './write-cpu-report';
import { type Json, fmt, type Row, run, tableLine } from './report-format';

/** The projector's rate and its share of consuming alone, where the fold is measured beside the rows it writes. */
const PROJECTOR_GOAL_ON_ITS_FLOOR =
  "reference: the goal is the fold's share of the projection rows floor, below (consuming alone is no floor for a fold that writes)";

/** The result `name`.json, if its benchmark has written one. */
function readResult(name: string): { file: string; data: Json } | undefined {
  const file = `${name}.json`;
  if (!existsSync(join(RESULTS, file))) return undefined;
  return { file, data: JSON.parse(readFileSync(join(RESULTS, file), 'utf8')) as Json };
}

/** A benchmark's result; the projector's at 10,000,000 events when it has no other. */
const newest = (kind: string): { file: string; data: Json } | undefined =>
  readResult(kind) ?? (kind === 'projector' ? readResult('projector-10m') : undefined);

const REBUILD_GOAL_EVENTS = 10_000_000;

/** The rebuild goal's row: from the newest run of 10,000,000 events or more when there is one. */
function rebuildRow(d: Json): Row {
  const full = d.events >= REBUILD_GOAL_EVENTS ? { file: '', data: d } : readResult('projector-10m');
  if (full) {
    const r = full.data;
    return {
      figure: `full rebuild of ${fmt(r.events)} events${full.file ? ` (from \`${full.file}\`)` : ''}`,
      value: `${fmt(r.rebuild?.seconds, 1)} s (${fmt(r.rebuild?.events_per_second)} events/s)`,
      goal: '10,000,000 events within 300 s',
      met: r.rebuild?.seconds <= 300,
    };
  }
  return {
    figure: `full rebuild of ${fmt(d.events)} events`,
    value: `${fmt(d.rebuild?.seconds, 1)} s (${fmt(d.rebuild?.events_per_second)} events/s; 10,000,000 would take ~${fmt(REBUILD_GOAL_EVENTS / d.rebuild?.events_per_second)} s at that rate; not measured at 10,000,000: \`npm run bench:rebuild-10m\`)`,
    goal: '10,000,000 events within 300 s',
    // A straight extrapolation says little: at 10,000,000 the tables outgrow Postgres's buffer cache.
    met: null,
  };
}

/** The single POST's floor: the rows it writes, a turn's POSTs by one statement. */
const ROWS_PER_TURN_FLOOR =
  "durable-write floor: bare Fastify, the app's rows for one flight, one statement per event-loop turn's POSTs";

/** The durable-write floors of the ingestion benchmark (results from before they were measured have none). */
function floorRows(d: Json, hello: number): Row[] {
  const rows: Row[] = [];
  for (const [name, label] of [
    ['durable-write floor: bare Fastify, one INSERT and commit per POST', 'one commit per POST'],
    [
      "durable-write floor: bare Fastify, one INSERT and commit per event-loop turn's POSTs",
      "one commit per event-loop turn's POSTs",
    ],
  ] as const) {
    const floor = run(d, name)?.requests_per_second as number | undefined;
    if (floor === undefined) continue;
    rows.push({
      figure: `floor: a bare Fastify server that only stores each POSTed flight, ${label}`,
      value: `${fmt(floor)} req/s (${fmt(floor / hello, 3)}x hello-world)`,
      goal: `reference: the least a durable single-flight POST costs here, ${label}`,
      met: null,
    });
  }
  const rowsPerTurn = run(d, ROWS_PER_TURN_FLOOR)?.requests_per_second as number | undefined;
  if (rowsPerTurn !== undefined) {
    rows.push({
      figure:
        "floor: the same server writing a single POST's rows (an event, its outbox row and the flight, in the app's tables, a new pilot each), one statement per event-loop turn's POSTs",
      value: `${fmt(rowsPerTurn)} req/s (${fmt(rowsPerTurn / hello, 3)}x hello-world)`,
      goal: 'reference: the least a single-flight POST costs here, the same rows as the app, a statement per turn (write-cpu below: where the CPU goes)',
      met: null,
    });
  }
  if (typeof d.import_floor_flights_per_second === 'number') {
    rows.push({
      figure: 'floor: the same server storing 1,000 flights per POST as rows of one table, one statement',
      value: `${fmt(d.import_floor_flights_per_second)} flights/s`,
      goal: 'reference: fewer rows than an import writes',
      met: null,
    });
  }
  if (typeof d.import_rows_floor_flights_per_second === 'number') {
    rows.push({
      figure:
        "floor: the same server writing an import's rows for 1,000 flights per POST (per flight an event, its outbox row and the flight, in the app's tables), one statement",
      value: `${fmt(d.import_rows_floor_flights_per_second)} flights/s`,
      goal:
        typeof d.import_sealed_rows_floor_flights_per_second === 'number'
          ? 'reference: the same rows, unsealed'
          : 'reference: the least an import costs here, the same rows in one statement',
      met: null,
    });
  }
  if (typeof d.import_sealed_rows_floor_flights_per_second === 'number') {
    rows.push({
      figure:
        "floor: the same server writing an import's rows for 1,000 flights per POST with each event's payload sealed as the app seals it (node:crypto, AES-256-GCM, under a new pilot's data key, whose row it writes too), one statement; measured in each round just before its imports (the median round here)",
      value: `${fmt(d.import_sealed_rows_floor_flights_per_second)} flights/s`,
      goal: 'reference: the least a sealed import costs here, the sealing and the same rows in one statement (write-cpu below: where the CPU goes)',
      met: null,
    });
  }
  return rows;
}

/** Sections after a benchmark's table: its Kafka clients side by side. */
const sections: Record<string, (data: Json) => string[]> = {
  ingestion: relayClientLines,
  projector: projectorClientLines,
};

/** Each client's fold as a share of the projection rows floor read by that client (runs that measured it per client). */
const rowsFloorShares = (d: Json): [string, number][] =>
  Object.entries((d.by_client ?? {}) as Record<string, Json>)
    .filter(([, f]) => typeof f.projection_rows_floor?.projector_share === 'number')
    .map(([client, f]) => [client, f.projection_rows_floor.projector_share as number]);

const figures: Record<string, (data: Json) => Row[]> = {
  ingestion: (d) => {
    const hello = run(d, 'hello-world')?.requests_per_second as number;
    const post = run(d, 'POST /pilot/v1/flights')?.requests_per_second as number;
    const importRate = d.import_flights_per_second as number;
    // The floors the goals are shares of (results from before they were measured have none).
    const groupedFloor = run(
      d,
      "durable-write floor: bare Fastify, one INSERT and commit per event-loop turn's POSTs",
    )?.requests_per_second as number | undefined;
    // The single POST's rows floor where the run measured it (the POST's goal is a share of it).
    const rowsFloor = run(d, ROWS_PER_TURN_FLOOR)?.requests_per_second as number | undefined;
    // Taken round by round where the run measured the floor in each round (their median), else from one floor run.
    const byRound = d.ratios?.single_post_vs_rows_per_turn_floor_by_round as number[] | undefined;
    const rowsShare = byRound
      ? (d.ratios.single_post_vs_rows_per_turn_floor as number)
      : rowsFloor
        ? post / rowsFloor
        : undefined;
    // The import's sealed rows floor where the run measured it (in each round: the median of the rounds'
    // shares), else its rows floor, else the one-table floor before it.
    const importByRound = d.ratios?.import_vs_sealed_rows_floor_by_round as number[] | undefined;
    const importFloor = (d.import_rows_floor_flights_per_second ?? d.import_floor_flights_per_second) as
      number | undefined;
    const importShare = importByRound
      ? (d.ratios.import_vs_sealed_rows_floor as number)
      : importFloor
        ? importRate / importFloor
        : undefined;
    return [
      { figure: 'hello-world (same run)', value: `${fmt(hello)} req/s`, goal: 'reference', met: null },
      {
        figure: 'single-flight POST',
        value: `${fmt(post)} req/s (${fmt(post / hello, 3)}x hello-world), p50 ${fmt(run(d, 'POST /pilot/v1/flights')?.p50_ms)} ms, p99 ${fmt(run(d, 'POST /pilot/v1/flights')?.p99_ms)} ms${rowsShare !== undefined ? `; ${fmt(rowsShare, 3)}x the floor of its rows beside it${byRound ? ` (the median of the rounds' shares: ${byRound.join(', ')})` : ''}` : ''}${groupedFloor ? `; ${fmt(post / groupedFloor, 3)}x the one-commit-per-turn floor beside it` : ''}`,
        goal:
          rowsShare !== undefined
            ? "0.5x the floor of its rows (the app's rows for one flight, one statement per turn; same run) or better"
            : groupedFloor
              ? '0.5x the one-commit-per-turn floor (same run) or better'
              : '0.2x hello-world or better',
        met:
          rowsShare !== undefined
            ? rowsShare >= 0.5
            : groupedFloor
              ? post / groupedFloor >= 0.5
              : post / hello >= 0.2,
      },
      {
        figure: `import${d.settings?.kafka_client ? ` (the relay on ${String(d.settings.kafka_client)})` : ''}`,
        value: `${fmt(importRate)} flights/s${importShare !== undefined ? `; ${fmt(importShare, 3)}x its floor beside it${importByRound ? ` (the sealed rows floor: the median of the rounds' shares, ${importByRound.join(', ')}); ${fmt(importRate / importFloor!, 3)}x the unsealed rows floor` : ''}` : ''}`,
        goal: importByRound
          ? '0.5x its floor (the same rows, payloads sealed, one statement; same run) or better'
          : importFloor
            ? '0.5x its floor (same run) or better'
            : '50,000 flights/s or better',
        met: importShare !== undefined ? importShare >= 0.5 : importRate >= 50_000,
      },
      ...floorRows(d, hello),
    ];
  },
  projector: (d) => [
    {
      figure: `fold into Postgres (${fmt(d.events)} events, ${fmt(d.pilots)} pilots${d.projector?.replicas > 1 ? `, ${fmt(d.projector?.replicas)} projector replicas` : ''}${d.projector?.kafka_client ? `, on ${String(d.projector.kafka_client)}` : ''})`,
      value:
        d.projector?.seconds_from_process_start === undefined
          ? `${fmt(d.projector?.events_per_second)} events/s (from process start)`
          : `${fmt(d.projector?.events_per_second)} events/s from the first batch stored to the last (timed like the baseline below); ${fmt(d.projector?.events_per_second_from_process_start)} events/s from process start, boot and group join included`,
      // Measured beside the projection rows floor (below), the fold's goal is a share of that floor; the
      // earlier goals, a rate and a share of consuming alone, stay for runs without it.
      goal: d.write_floor ? PROJECTOR_GOAL_ON_ITS_FLOOR : '50,000 events/s or better',
      met: d.write_floor ? null : d.projector?.events_per_second >= 50_000,
    },
    {
      figure: `beside ${String(d.consume_and_discard?.kafka_client ?? 'kafkajs')} consume-and-discard`,
      value: `${fmt(d.consume_and_discard?.events_per_second)} events/s; ratio ${fmt(d.projector?.ratio_to_discard, 2)}`,
      goal: d.write_floor ? PROJECTOR_GOAL_ON_ITS_FLOOR : 'at least 0.4x',
      met: d.write_floor ? null : d.projector?.ratio_to_discard >= 0.4,
    },
    ...(d.write_floor
      ? [
          {
            figure: `floor: ${String(d.write_floor.kafka_client ?? 'kafkajs')} storing each event as one narrow row, one INSERT per batch, nothing else (same run)`,
            value: `${fmt(d.write_floor.events_per_second)} events/s; ratio to consume-and-discard ${fmt(d.write_floor.ratio_to_discard, 2)}`,
            goal: 'reference: the least a fold that keeps a row of state per event costs here',
            met: null,
          },
        ]
      : []),
    ...(d.projection_rows_floor
      ? [
          {
            figure: `floor: ${String(d.projection_rows_floor.kafka_client)} storing the projection's own rows (a row per flight, a row per pilot, sums added), one transaction per batch, nothing else (same run)`,
            value: `${fmt(d.projection_rows_floor.events_per_second)} events/s; the fold ${fmt(d.projection_rows_floor.projector_share, 3)}x of it${d.write_floor ? ` (${fmt(d.projector?.events_per_second / d.write_floor.events_per_second, 3)}x the narrow-row floor)` : ''}${
              rowsFloorShares(d).length > 1
                ? `; each client's fold over the floor read by that client: ${rowsFloorShares(d)
                    .map(([c, share]) => `${c} ${fmt(share, 3)}x`)
                    .join(', ')}`
                : ''
            }`,
            goal: '0.6x of it or better, on every Kafka client',
            met: [
              d.projection_rows_floor.projector_share as number,
              ...rowsFloorShares(d).map(([, share]) => share),
            ].every((share) => share >= 0.6),
          },
        ]
      : []),
    rebuildRow(d),
  ],
  ...partnerApiFigures,
  ...compareBuildsFigures,
  ...latencyFigures,
  ...memoryFigures,
  ...privacyFigures,
  ...relayLingerFigures,
  ...writeCpuFigures,
};

test('writes bench/results/report.md from the newest result of each benchmark', () => {
  const lines = [
    '# Benchmark report',
    '',
    `Made ${new Date().toISOString()} from the newest file of each benchmark in bench/results/.`,
    '',
    ...goalsSummaryLines(newest),
  ];
  let found = 0;
  for (const [kind, extract] of Object.entries(figures)) {
    const result = newest(kind);
    lines.push(`## ${kind}`, '');
    if (!result) {
      lines.push('No result yet.', '');
      continue;
    }
    found += 1;
    const machine = result.data.machine as Json | undefined;
    const load = machine?.loadavg ?? machine?.load_average;
    lines.push(
      `From \`${result.file}\` (${String(machine?.cpus ?? '?')} cores${load === undefined ? '' : `, load average ${([] as number[]).concat(load as number | number[]).join(', ')}`}).`,
      '',
    );
    lines.push('| figure | value | goal | met |', '|---|---|---|---|');
    for (const row of extract(result.data)) lines.push(tableLine(row));
    lines.push('', ...(sections[kind]?.(result.data) ?? []));
  }
  const sealing = sealingRows(newest('ingestion')?.data, newest('projector')?.data);
  if (sealing.length > 0) {
    lines.push('## privacy: sealed payloads', '', 'From `ingestion.json` and `projector.json`.', '');
    lines.push('| figure | value | goal | met |', '|---|---|---|---|');
    for (const row of sealing) lines.push(tableLine(row));
    lines.push('');
  }
  lines.push(...decodingAloneLines(newest('projector-decode')));
  lines.push(...sealedBesideBuildLines(newest('projector-sealed-builds')));
  lines.push(...kafkaClientVerdict(newest('projector'), newest('ingestion')));
  for (const file of readdirSync(RESULTS)
    .filter((f) => f.endsWith('-profiles.json'))
    .sort()) {
    lines.push('', ...profileLines(file, JSON.parse(readFileSync(join(RESULTS, file), 'utf8')) as Json));
  }
  writeFileSync(join(RESULTS, 'report.md'), lines.join('\n'));
  console.log(lines.join('\n'));
  expect(found).toBeGreaterThan(0);
});
