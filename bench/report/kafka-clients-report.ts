import { type Json, fmt } from './report-format';

/**
 * The report's Kafka client sections: the projector's and the relay's figures of each client side by
 * side, and which client they favour as the apps' default. A client is faster at a figure only when
 * every one of its rounds beat every round of the other: the clients' rounds alternate, so a
 * difference that the runs do not all agree on is within this machine's noise.
 */

/** One figure of one client: the median shown, and every round's value. */
interface ClientFigure {
  client: string;
  median: number;
  runs: number[];
}

/** What one comparison of the clients found. */
interface Comparison {
  figure: string;
  /** The client faster in every round, if one was. */
  faster?: string;
  line: string;
}

const runsOf = (r: Json | undefined, field = 'events_per_second'): number[] =>
  Array.isArray(r?.runs) ? (r.runs as Json[]).map((x) => x[field] as number) : [];

/** The relay's results name the relay's default (RELAY_KAFKA_CLIENT); older ones, and the projector's, the apps'. */
const clientLabel = (d: Json, client: string): string => {
  if (d.relay_default_kafka_client !== undefined)
    return client === d.relay_default_kafka_client ? `${client} (the relay's default)` : client;
  return client === d.app_default_kafka_client ? `${client} (the apps' default)` : client;
};

const listRuns = (runs: number[], digits = 0): string =>
  runs.length > 1 ? ` (rounds: ${runs.map((v) => fmt(v, digits)).join(', ')})` : '';

/** Compares the clients' `figures` (higher is better): who is faster by how much, and whether every round agrees. */
function compare(figure: string, figures: ClientFigure[]): Comparison {
  if (figures.length < 2) return { figure, line: `${figure}: one client measured, nothing to compare.` };
  const ranked = [...figures].sort((a, b) => b.median - a.median);
  const [best, next] = [ranked[0]!, ranked[1]!];
  const by = `${fmt((best.median / next.median - 1) * 100)}%`;
  const everyRound = Math.min(...best.runs) > Math.max(...ranked.slice(1).flatMap((f) => f.runs));
  return everyRound
    ? {
        figure,
        faster: best.client,
        line: `${figure}: ${best.client} faster by ${by} (median), in every round.`,
      }
    : {
        figure,
        line: `${figure}: ${best.client} ahead by ${by} (median), but not in every round: within this run's noise.`,
      };
}

/** The projector's figures of each client, side by side; empty for results from before they were measured. */
export function projectorClientLines(d: Json): string[] {
  const byClient = d.by_client as Record<string, Json> | undefined;
  if (!byClient) return [];
  const lines = [
    `### Kafka clients side by side (${fmt(d.repeats)} rounds each, their order alternating; the median, every round in brackets)`,
    '',
    '| Kafka client | consume-and-discard | projector fold | share of its consume-and-discard | from process start | full rebuild |',
    '|---|---|---|---|---|---|',
  ];
  for (const [client, f] of Object.entries(byClient)) {
    const discard = f.consume_and_discard as Json;
    const projector = f.projector as Json;
    lines.push(
      `| ${clientLabel(d, client)} | ${fmt(discard.events_per_second)} events/s${listRuns(runsOf(discard))} | ` +
        `${fmt(projector.events_per_second)} events/s${listRuns(runsOf(projector))} | ` +
        `${fmt(projector.ratio_to_discard, 3)}x${listRuns(runsOf(projector, 'ratio_to_discard'), 3)} | ` +
        `${fmt(projector.events_per_second_from_process_start)} events/s | ` +
        `${fmt(f.rebuild?.seconds, 1)} s (${fmt(f.rebuild?.events_per_second)} events/s) |`,
    );
  }
  lines.push('', ...projectorComparisons(d).map((c) => `- ${c.line}`), '');
  return lines;
}

function projectorComparisons(d: Json): Comparison[] {
  const byClient = Object.entries((d.by_client ?? {}) as Record<string, Json>);
  const figure = (pick: (f: Json) => Json | undefined, field?: string): ClientFigure[] =>
    byClient.map(([client, f]) => ({
      client,
      median: pick(f)?.[field ?? 'events_per_second'] as number,
      runs: runsOf(pick(f), field),
    }));
  return [
    compare(
      'projector fold',
      figure((f) => f.projector as Json),
    ),
    compare(
      'consume-and-discard',
      figure((f) => f.consume_and_discard as Json),
    ),
  ];
}

/** The relay's figures of each client, side by side; empty for results from before they were measured. */
export function relayClientLines(d: Json): string[] {
  const relay = d.relay as Json | undefined;
  if (!relay?.by_client) return [];
  const lines = [
    `### The outbox relay by Kafka client (${fmt(relay.outbox_events)} events per round, ${fmt(relay.repeats)} rounds each, their order alternating; the median, every round in brackets)`,
    '',
    String(relay.note),
    '',
    '| Kafka client | relay draining the outbox | bare producer floor | share of its floor | message value |',
    '|---|---|---|---|---|',
  ];
  for (const [client, f] of Object.entries(relay.by_client as Record<string, Json>)) {
    lines.push(
      `| ${clientLabel(relay, client)} | ${fmt(f.drain?.events_per_second)} events/s${listRuns(runsOf(f.drain))} | ` +
        `${fmt(f.producer_floor?.events_per_second)} events/s${listRuns(runsOf(f.producer_floor))} | ` +
        `${fmt(f.ratio_to_floor, 3)}x | ${fmt(f.producer_floor?.value_bytes)} bytes |`,
    );
  }
  lines.push('', ...relayComparisons(relay).map((c) => `- ${c.line}`), '');
  return lines;
}

function relayComparisons(relay: Json): Comparison[] {
  const byClient = Object.entries((relay.by_client ?? {}) as Record<string, Json>);
  const figure = (pick: (f: Json) => Json | undefined): ClientFigure[] =>
    byClient.map(([client, f]) => ({
      client,
      median: pick(f)?.events_per_second as number,
      runs: runsOf(pick(f)),
    }));
  return [
    compare(
      'relay draining the outbox',
      figure((f) => f.drain as Json),
    ),
    compare(
      'bare producer floor',
      figure((f) => f.producer_floor as Json),
    ),
  ];
}

/**
 * Which client the newest projector and ingestion results favour for each role: the consumers
 * (KAFKA_CLIENT, the projector's fold) and the outbox relay (RELAY_KAFKA_CLIENT, its drain); a client is
 * favoured when it is faster in every round at the role's own figure. The floors show where a
 * difference comes from but decide nothing.
 */
export function kafkaClientVerdict(
  projector: { file: string; data: Json } | undefined,
  ingestion: { file: string; data: Json } | undefined,
): string[] {
  const roles: { role: string; setting: string; current: unknown; comparison: Comparison; file: string }[] =
    [];
  if (projector?.data.by_client)
    roles.push({
      role: "the consumers (the projector's fold)",
      setting: 'KAFKA_CLIENT',
      current: projector.data.app_default_kafka_client,
      comparison: projectorComparisons(projector.data)[0]!,
      file: projector.file,
    });
  const relay = ingestion?.data.relay as Json | undefined;
  if (ingestion && relay?.by_client)
    roles.push({
      role: 'the outbox relay (draining the outbox)',
      setting: 'RELAY_KAFKA_CLIENT',
      current: relay.relay_default_kafka_client ?? relay.app_default_kafka_client,
      comparison: relayComparisons(relay)[0]!,
      file: ingestion.file,
    });
  const lines = ['## Kafka client', ''];
  if (roles.length === 0) {
    lines.push('No result measures the Kafka clients side by side yet (BENCH_KAFKA_CLIENTS).', '');
    return lines;
  }
  lines.push(`From ${[...new Set(roles.map((r) => `\`${r.file}\``))].join(' and ')}.`, '');
  for (const { role, setting, current, comparison } of roles) {
    const { faster } = comparison;
    const verdict =
      faster === undefined
        ? `neither client is faster beyond this run's noise; its default (${setting}) is **${String(current)}**`
        : faster === current
          ? `its default (${setting}), **${String(current)}**, is the faster in every round`
          : `the figures favour **${faster}** over its default (${setting}), **${String(current)}**`;
    lines.push(`- ${role}: ${verdict}. ${comparison.line}`);
  }
  lines.push(
    '',
    "Speed only: a client becomes a default only if it is also at least as correct in that role (the Kafka port's contract tests and the crash tests), which no benchmark checks. Compare figures from runs on a quiet machine.",
    '',
  );
  return lines;
}
