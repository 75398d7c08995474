/** Where a long piece of work stands, as the work reports it. */
export interface ProgressSnapshot {
  /** Units done so far (events applied). */
  done: number;
  /** Units to do in all, as known now: it may grow while the work runs. */
  total: number;
  /** Units still to do behind the end of the input (the consumer lag). */
  lag: number;
}

/** The rate and the time left, from the first snapshot seen to the latest. */
export interface ProgressEstimate {
  /** Units per second; 0 until there are two snapshots apart in time. */
  rate: number;
  /** Seconds left at that rate; undefined while the rate is unknown. */
  etaSeconds: number | undefined;
}

/** Estimates rate and time left from a baseline, so a resumed run does not count what was done before. */
export class ProgressEstimator {
  private first: { at: number; done: number } | undefined;

  estimate(snapshot: ProgressSnapshot, at: number): ProgressEstimate {
    this.first ??= { at, done: snapshot.done };
    const seconds = (at - this.first.at) / 1000;
    const rate = seconds > 0 ? Math.max(0, (snapshot.done - this.first.done) / seconds) : 0;
    const left = Math.max(0, snapshot.total - snapshot.done);
    return { rate, etaSeconds: left === 0 ? 0 : rate > 0 ? left / rate : undefined };
  }
}

/** `45s`, `3m05s`, `2h07m`; `unknown` when there is no estimate yet. */
export function formatDuration(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds)) return 'unknown';
  const whole = Math.ceil(seconds);
  if (whole < 60) return `${whole}s`;
  const pad = (n: number): string => String(n).padStart(2, '0');
  if (whole < 3600) return `${Math.floor(whole / 60)}m${pad(whole % 60)}s`;
  return `${Math.floor(whole / 3600)}h${pad(Math.floor((whole % 3600) / 60))}m`;
}

/** The percentage done, whole, never above 100; 100 for empty work. */
export function percentDone(snapshot: ProgressSnapshot): number {
  if (snapshot.total <= 0) return 100;
  return Math.min(100, Math.floor((snapshot.done / snapshot.total) * 100));
}

/**
 * One line of progress for a log without a terminal (CI, nohup), e.g.
 * `2026-11-25T03:40:05.000Z pilot_totals version 3: 1200/5000 events (24%), 850 events/s, ETA 5s, lag 3800`.
 */
export function formatProgressLine(
  label: string,
  snapshot: ProgressSnapshot,
  estimate: ProgressEstimate,
  at: Date,
): string {
  return (
    `${at.toISOString()} ${label}: ${snapshot.done}/${snapshot.total} events (${percentDone(snapshot)}%), ` +
    `${Math.round(estimate.rate)} events/s, ETA ${formatDuration(estimate.etaSeconds)}, lag ${snapshot.lag}`
  );
}
