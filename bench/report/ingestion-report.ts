import { byRounds, fmt, type Json, type Row, run } from './report-format';

/** The floors the ingestion benchmark measures beside the goals' own, as references. */
const REFERENCE_FLOORS = [
  [
    "durable-write floor: bare Fastify, one INSERT and commit per event-loop turn's POSTs",
    "a bare Fastify server that only stores each POSTed flight, one commit per event-loop turn's POSTs",
    'req/s',
  ],
  [
    'durable-write floor: bare Fastify, 1000 flights per POST',
    'the same server storing 1,000 flights per POST as rows of one table, one statement',
    'flights/s',
  ],
  [
    "durable-write floor: bare Fastify, the import's rows for 1000 flights per POST",
    "the same server writing an import's rows for 1,000 flights per POST (per flight an event, its outbox row and the flight, in the app's tables), payloads unsealed, one statement",
    'flights/s',
  ],
] as const;

/** The single POST and the import, each beside the floor of the rows it writes, measured in each round. */
export function ingestionRows(d: Json): Row[] {
  const r = (d.ratios ?? {}) as Json;
  const hello = run(d, 'hello-world')?.requests_per_second as number;
  const post = run(d, 'POST /pilot/v1/flights') ?? {};
  const rowsFloor = run(d, "durable-write floor: bare Fastify, the app's rows for one flight");
  const perSecond = (floor: Json | undefined, unit: string): string =>
    unit === 'req/s'
      ? `${fmt(floor?.requests_per_second)} req/s`
      : `${fmt((floor?.requests_per_second_exact as number) * 1000)} flights/s`;
  return [
    { figure: 'hello-world (same run)', value: `${fmt(hello)} req/s`, goal: 'reference', met: null },
    {
      figure: 'single-flight POST',
      value: `${fmt(post.requests_per_second)} req/s (${fmt(post.requests_per_second / hello, 3)}x hello-world), p50 ${fmt(post.p50_ms)} ms, p99 ${fmt(post.p99_ms)} ms; ${byRounds(r.single_post_vs_rows_per_turn_floor, r.single_post_vs_rows_per_turn_floor_by_round)} the floor of its rows beside it`,
      goal: "0.5x the floor of its rows (the app's rows for one flight, one statement per turn; same run) or better",
      met: r.single_post_vs_rows_per_turn_floor >= 0.5,
    },
    {
      figure: 'import of 1,000 flights',
      value: `${fmt(d.import_flights_per_second)} flights/s; ${byRounds(r.import_vs_sealed_rows_floor, r.import_vs_sealed_rows_floor_by_round)} its floor beside it`,
      goal: '0.5x its floor (the same rows, payloads sealed, one statement; same run) or better',
      met: r.import_vs_sealed_rows_floor >= 0.5,
    },
    {
      figure:
        "floor: a bare Fastify server writing a single POST's rows (an event, its outbox row and the flight, in the app's tables, a new pilot each), one statement per event-loop turn's POSTs; the median round",
      value: `${fmt(rowsFloor?.requests_per_second)} req/s`,
      goal: "reference: the single POST's floor",
      met: null,
    },
    {
      figure:
        "floor: the same server writing an import's rows for 1,000 flights per POST, each event's payload sealed as the app seals it (node:crypto, AES-256-GCM, under a new pilot's data key, whose row it writes too), one statement; the median round",
      value: `${fmt(d.import_sealed_rows_floor_flights_per_second)} flights/s`,
      goal: "reference: the import's floor",
      met: null,
    },
    ...REFERENCE_FLOORS.map(([name, figure, unit]) => ({
      figure: `floor: ${figure}`,
      value: perSecond(run(d, name), unit),
      goal: 'reference: a yardstick of the goals at the start',
      met: null,
    })),
  ];
}
