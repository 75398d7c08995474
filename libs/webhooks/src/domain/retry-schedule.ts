/** Standard Webhooks' schedule: after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h; then the delivery failed. */
export const DEFAULT_RETRY_SCHEDULE_MS = [
  5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
] as const;

/** A comma-separated list of delays in milliseconds (`WEBHOOK_RETRY_SCHEDULE_MS`); undefined when malformed. */
export function parseRetrySchedule(text: string): number[] | undefined {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length === 0 || parts.some((p) => !/^\d{1,10}$/.test(p))) return undefined;
  return parts.map(Number);
}

export type AfterFailure = { retryInMs: number } | { giveUp: true };

/**
 * What follows a failed attempt, the `attempts`-th of the delivery (1 for the first): the next one
 * after the schedule's delay of that rank, or nothing when the schedule is used up.
 */
export function afterFailedAttempt(attempts: number, schedule: readonly number[]): AfterFailure {
  const delay = schedule[attempts - 1];
  return delay === undefined ? { giveUp: true } : { retryInMs: delay };
}

/**
 * Whether an endpoint whose attempts have all failed since `failingSinceMs` is to be disabled at
 * `nowMs` (5 days by default, `WEBHOOK_DISABLE_AFTER_MS`).
 */
export function endpointIsDead(
  failingSinceMs: number | null,
  nowMs: number,
  disableAfterMs: number,
): boolean {
  return failingSinceMs !== null && nowMs - failingSinceMs >= disableAfterMs;
}
