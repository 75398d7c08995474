import { fmt, type Json, type ReadResult, type Row } from './report-format';

const REBUILD_GOAL_EVENTS = 10_000_000;

/** A rebuild's time, its threads when the run says, and the other thread counts' beside it. */
function rebuildText(f: Json | undefined): string {
  const threads = (r: Json): string =>
    r.threads === undefined ? '' : ` with ${fmt(r.threads)} ${r.threads === 1 ? 'thread' : 'threads'}`;
  const others = Array.isArray(f?.rebuild_runs) ? (f.rebuild_runs as Json[]).slice(1) : [];
  const beside = others.map((r) => `${fmt(r.seconds, 1)} s${threads(r)}`).join(', ');
  return (
    `${fmt(f?.rebuild?.seconds, 1)} s${f?.rebuild ? threads(f.rebuild) : ''} (${fmt(f?.rebuild?.events_per_second)} events/s)` +
    (beside ? `; ${beside}` : '')
  );
}

/** The rebuild goal's row: from the newest run of 10,000,000 events or more when there is one. */
function rebuildRow(d: Json, readResult: ReadResult): Row {
  const full = d.events >= REBUILD_GOAL_EVENTS ? { file: '', data: d } : readResult('projector-10m');
  const r = (full ?? { data: d }).data;
  return {
    figure: `full rebuild of ${fmt(r.events)} events${full?.file ? ` (from \`${full.file}\`)` : ''}`,
    value: `${rebuildText(r)}${full ? '' : '; not measured at 10,000,000: `npm run bench:rebuild-10m`'}`,
    goal: '10,000,000 events within 300 s',
    // A straight extrapolation says little: at 10,000,000 the tables outgrow Postgres's buffer cache.
    met: full ? r.rebuild?.seconds <= 300 : null,
  };
}

/** Each client's fold as a share of the projection rows floor read by that client. */
export const rowsFloorShares = (d: Json): [string, number][] =>
  Object.entries((d.by_client ?? {}) as Record<string, Json>).map(([client, f]) => [
    client,
    f.projection_rows_floor?.projector_share as number,
  ]);

/** The fold beside its floors, on every client measured, and the rebuild. */
export function projectorRows(d: Json, readResult: ReadResult): Row[] {
  const shares = rowsFloorShares(d);
  return [
    {
      figure: `fold into Postgres (${fmt(d.events)} events, ${fmt(d.pilots)} pilots, on ${String(d.projector?.kafka_client)})`,
      value: `${fmt(d.projector?.events_per_second)} events/s from the first batch stored to the last; ${fmt(d.projector?.events_per_second_from_process_start)} events/s from process start, boot and group join included`,
      goal: "reference: the goal is the fold's share of the projection rows floor, below",
      met: null,
    },
    {
      figure: `floor: ${String(d.write_floor?.kafka_client)} storing each event as one narrow row, one INSERT per batch, nothing else (same run)`,
      value: `${fmt(d.write_floor?.events_per_second)} events/s; the fold ${fmt(d.projector?.events_per_second / d.write_floor?.events_per_second, 3)}x of it`,
      goal: 'reference: the least a fold that keeps a row of state per event costs here',
      met: null,
    },
    {
      figure: `floor: ${String(d.projection_rows_floor?.kafka_client)} storing the projection's own rows (a row per flight, a row per pilot, sums added), one transaction per batch, nothing else (same run)`,
      value: `${fmt(d.projection_rows_floor?.events_per_second)} events/s; each client's fold over the floor read by that client: ${shares.map(([c, share]) => `${c} ${fmt(share, 3)}x`).join(', ')}`,
      goal: '0.6x of it or better, on every Kafka client',
      met: shares.every(([, share]) => share >= 0.6),
    },
    rebuildRow(d, readResult),
  ];
}

/** The projector's figures of each client side by side, every round in brackets. */
export function projectorClientLines(d: Json): string[] {
  const rounds = (r: Json | undefined): string =>
    Array.isArray(r?.runs) && r.runs.length > 1
      ? ` (rounds: ${(r.runs as Json[]).map((x) => fmt(x.events_per_second)).join(', ')})`
      : '';
  return [
    `### Kafka clients side by side (${fmt(d.repeats)} rounds each, their order alternating; the median, every round in brackets)`,
    '',
    '| Kafka client | projector fold | its projection rows floor | from process start | full rebuild |',
    '|---|---|---|---|---|',
    ...Object.entries((d.by_client ?? {}) as Record<string, Json>).map(
      ([client, f]) =>
        `| ${client}${client === d.app_default_kafka_client ? " (the apps' default)" : ''} | ` +
        `${fmt(f.projector?.events_per_second)} events/s${rounds(f.projector)} | ` +
        `${fmt(f.projection_rows_floor?.events_per_second)} events/s (the fold ${fmt(f.projection_rows_floor?.projector_share, 3)}x) | ` +
        `${fmt(f.projector?.events_per_second_from_process_start)} events/s | ` +
        `${rebuildText(f)} |`,
    ),
    '',
  ];
}
