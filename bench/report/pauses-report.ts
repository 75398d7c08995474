import { fmt, type Json } from './report-format';

/**
 * What paused a server's event loop in a paced run: the run's pause probe's figures (ServerPauses,
 * support/pause-probe.ts), measured alike in the app and its floors; for an app in runs before the
 * probe, what its own metrics recorded (`app_pauses`, from prom-client's defaults); nothing for a
 * floor in those runs.
 */
export function pausesOf(r: Json, who: string): string {
  const probed = r.server_pauses as Json | undefined;
  if (probed) {
    const gc = Object.entries(probed.gc as Record<string, Json>)
      .map(
        ([kind, g]) =>
          `${kind} ${fmt(g.count)} (${fmt(g.total_ms, 1)} ms in all, the longest ${fmt(g.max_ms, 1)} ms)`,
      )
      .join(', ');
    const held =
      typeof probed.in_server_max_ms === 'number'
        ? `; ${who} held a request at most ${fmt(probed.in_server_max_ms, 1)} ms (p99 ${fmt(probed.in_server_p99_ms, 1)} ms), from reading it to handing its answer to the kernel`
        : '';
    const allocated =
      typeof probed.allocated_kb_per_request === 'number'
        ? `, and allocated ${fmt(probed.allocated_kb_per_request, 1)} KB per request`
        : '';
    return (
      `${held}${allocated}; ${who}'s event loop was delayed at most ${fmt(probed.loop_delay_max_ms, 1)} ms ` +
      `(p99 ${fmt(probed.loop_delay_p99_ms, 1)} ms, a 10 ms timer), its garbage collections: ${gc || 'none'}`
    );
  }
  const pauses = r.app_pauses as Json | undefined;
  if (!pauses) return '';
  const gc = Object.entries(pauses.gc as Record<string, Json>)
    .map(
      ([kind, g]) =>
        `${kind} ${fmt(g.count)} (${fmt(g.total_ms, 1)} ms in all, ${fmt(g.over_10_ms)} over 10 ms)`,
    )
    .join(', ');
  return (
    `; in that run ${who}'s event loop was delayed at most ${fmt(pauses.event_loop_delay_max_ms, 1)} ms ` +
    `(p99 ${fmt(pauses.event_loop_delay_p99_ms, 1)} ms, sampled every 10 ms), its garbage collections: ${gc || 'none'}`
  );
}
