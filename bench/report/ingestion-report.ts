import { byRounds, fmt, type Json, type Row, run } from './report-format';

/** The floors measured beside the writes: its run's name, the floor, its unit, what it is to the goals. */
const FLOORS = [
  [
    "durable-write floor: bare Fastify, the app's rows for one flight",
    "a bare Fastify server writing a single POST's rows (an event, its outbox row and the flight, in the app's tables, a new pilot each), one statement per event-loop turn's POSTs; the median round",
    'req/s',
    "the single POST's floor",
  ],
  [
    "durable-write floor: bare Fastify, the import's rows for 1000 flights per POST, payloads sealed",
    "the same server writing an import's rows for 1,000 flights per POST, each event's payload sealed as the app seals it (node:crypto, AES-256-GCM, under a new pilot's data key, whose row it writes too), one statement; the median round",
    'flights/s',
    "the import's floor",
  ],
  [
    "durable-write floor: bare Fastify, one INSERT and commit per event-loop turn's POSTs",
    "a bare Fastify server that only stores each POSTed flight, one commit per event-loop turn's POSTs",
    'req/s',
    'a yardstick of the goals at the start',
  ],
  [
    'durable-write floor: bare Fastify, 1000 flights per POST',
    'the same server storing 1,000 flights per POST as rows of one table, one statement',
    'flights/s',
    'a yardstick of the goals at the start',
  ],
  [
    "durable-write floor: bare Fastify, the import's rows for 1000 flights per POST",
    "the same server writing an import's rows for 1,000 flights per POST (per flight an event, its outbox row and the flight, in the app's tables), payloads unsealed, one statement",
    'flights/s',
    'a yardstick of the goals at the start',
  ],
] as const;

/** The single POST and the import, each beside the floor of the rows it writes, measured in each round. */
export function ingestionRows(d: Json): Row[] {
  const r = (d.ratios ?? {}) as Json;
  const hello = run(d, 'hello-world')?.requests_per_second as number;
  const post = run(d, 'POST /pilot/v1/flights') ?? {};
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
    ...FLOORS.map(([name, figure, unit, what]) => ({
      figure: `floor: ${figure}`,
      value: perSecond(run(d, name), unit),
      goal: `reference: ${what}`,
      met: null,
    })),
  ];
}
