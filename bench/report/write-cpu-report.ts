import { median } from '../support/kafka-clients';
import { type Json, fmt, type Row } from './report-format';

/** One kind of run over its rounds: its rate and each process's CPU per request, medians of the rounds. */
function cpuRow(figure: string, runs: Json[] | undefined, goal: string, shares = ''): Row[] {
  if (!runs?.length) return [];
  const processes = Object.keys(runs[0]!.us_per_request as Record<string, number>);
  const per = runs[0]!.per === 'flight' ? 'flight' : 'request';
  const perProcess = processes
    .map((p) => `${p} ${fmt(median(runs.map((r) => r.us_per_request[p] as number)))}`)
    .join(', ');
  return [
    {
      figure,
      value: `${fmt(median(runs.map((r) => r.run.requests_per_second as number)))} req/s; CPU per ${per} in µs: ${perProcess}; total ${fmt(median(runs.map((r) => r.us_per_request_total as number)))}; ${fmt(median(runs.map((r) => r.commits_per_request as number)), 3)} transactions per ${per} (rounds: ${runs.map((r) => fmt(r.run.requests_per_second)).join(', ')} req/s)${shares}`,
      goal,
      met: null,
    },
  ];
}

/**
 * Where the machine's CPU goes for a single-flight POST (`write-cpu.json`): each process's CPU per
 * answered request beside the same for the floors, medians of the rounds.
 */
export const writeCpuFigures: Record<string, (d: Json) => Row[]> = {
  'write-cpu': (d) => [
    ...cpuRow(
      "floor: bare Fastify, one INSERT and commit per event-loop turn's POSTs",
      d.floor_runs,
      'reference: one row of one table per POST',
    ),
    ...cpuRow(
      "floor: bare Fastify, the app's rows for one flight (an event, its outbox row, the flight, a new pilot each), one statement per event-loop turn's POSTs",
      d.rows_floor_runs,
      'reference: the rows a POST writes, nothing else',
    ),
    ...cpuRow(
      `POST /pilot/v1/flights, the relay in a process of its own${d.settings?.kafka_client ? ` on ${String(d.settings.kafka_client)}` : ''}`,
      d.post_runs,
      'reference: the app as deployed',
      `; its share of the floors, round by round: ${(d.post_vs_floor_by_round as number[]).join(', ')} (one row) and ${((d.post_vs_rows_floor_by_round ?? []) as number[]).join(', ')} (the app's rows)`,
    ),
    ...cpuRow(
      'POST /pilot/v1/flights, the relay stopped (after the rounds)',
      d.post_relay_stopped ? [d.post_relay_stopped] : undefined,
      'reference: the POST without the relay and Kafka',
    ),
    ...cpuRow(
      "floor: bare Fastify, the app's rows for 1,000 flights per POST (per flight an event, its outbox row and the flight), one statement",
      d.import_floor_runs,
      'reference: the rows an import writes, nothing else',
    ),
    ...cpuRow(
      "floor: the same rows, each event's payload sealed as the app seals it (node:crypto, AES-256-GCM) and the pilot's data key row, one statement",
      d.sealed_import_floor_runs,
      'reference: the sealing and the rows a sealed import needs, nothing else',
    ),
    ...cpuRow(
      'POST /pilot/v1/flights/import (1,000 flights), the relay in a process of its own',
      d.import_runs,
      'reference: the app as deployed',
      `; its share of the floors, round by round: ${((d.import_vs_rows_floor_by_round ?? []) as number[]).join(', ')} (the rows)${d.import_vs_sealed_rows_floor_by_round ? ` and ${(d.import_vs_sealed_rows_floor_by_round as number[]).join(', ')} (the rows, sealed)` : ''}`,
    ),
    ...cpuRow(
      'POST /pilot/v1/flights/import (1,000 flights), the relay stopped (after the rounds)',
      d.import_relay_stopped ? [d.import_relay_stopped] : undefined,
      'reference: the import without the relay and Kafka',
    ),
  ],
};
