import { type Json, fmt, type Row } from './report-format';

/**
 * The relay's linger (`relay-linger.json`): each linger's single-POST rate and the relay's CPU per
 * event, beside none, medians of the rounds.
 */
export const relayLingerFigures: Record<string, (d: Json) => Row[]> = {
  'relay-linger': (d) => {
    const byLinger = (d.by_linger ?? {}) as Record<string, Json>;
    const none = byLinger['0'];
    if (!none) return [];
    const rounds = (linger: string): string =>
      ((d.runs ?? []) as Json[])
        .filter((r) => String(r.linger_ms) === linger)
        .map((r) => `${fmt(r.posts_per_second)} req/s, ${fmt(r.relay_cpu_us_per_event, 1)} µs`)
        .join('; ');
    return Object.entries(byLinger)
      .filter(([linger]) => linger !== '0')
      .map(([linger, run]) => ({
        figure: `single POSTs with the relay (a process of its own) lingering ${linger} ms, against none (the medians of ${fmt(d.settings?.rounds)} rounds)`,
        value: `${fmt(run.posts_per_second)} against ${fmt(none.posts_per_second)} req/s (${fmt(run.posts_per_second / none.posts_per_second, 3)}x); the relay's CPU ${fmt(run.relay_cpu_us_per_event, 1)} against ${fmt(none.relay_cpu_us_per_event, 1)} µs per event; rounds: ${rounds(linger)}; none: ${rounds('0')}`,
        goal: 'reference: what RELAY_LINGER_MS (20 ms by default) buys',
        met: null,
      }));
  },
};
