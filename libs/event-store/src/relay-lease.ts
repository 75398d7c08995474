/**
 * The outbox relay's lease, as this process sees it: which fencing token it holds and when (on its
 * own monotonic clock, `performance.now()`) the statement that last confirmed it started. The
 * database put the lease's end at that statement's `now()` plus the lease length, which is no
 * earlier than this start, so while less than the lease length has passed on this clock since, no
 * other relay can hold the lease, whatever the process went through (a freeze, a slow answer).
 */
export interface HeldLease {
  token: string;
  confirmedAt: number;
}

/** A holder renews its lease every third of the lease length. */
export const RENEWALS_PER_LEASE = 3;

/** Whether the lease still excludes every other relay at `now`: the decision "may I still send". */
export function leaseValidAt(lease: HeldLease | undefined, now: number, leaseMs: number): boolean {
  return lease !== undefined && now - lease.confirmedAt < leaseMs;
}

/** How long until the lease is due for renewal (0: now). */
export function renewalDueIn(lease: HeldLease, now: number, leaseMs: number): number {
  return Math.max(0, lease.confirmedAt + leaseMs / RENEWALS_PER_LEASE - now);
}

/** What a renewal (or an attempt to take the lease) changed, for the relay to act on and log. */
export type LeaseChange =
  | { kind: 'acquired'; lease: HeldLease }
  | { kind: 'renewed'; lease: HeldLease }
  /** Another relay holds it now, or this one's token moved on (it reconnected and took it anew). */
  | { kind: 'lost'; lease: undefined; token: string }
  /** The answer came, but later than the lease length after the statement started. */
  | { kind: 'expired'; lease: undefined; token: string; elapsedMs: number }
  | { kind: 'standby'; lease: undefined };

/**
 * Judges the answer of the lease statement, which was sent at `startedAt` with the token `held`
 * (if any) and answered at `answeredAt`: `token` is the lease's token now when this relay holds it,
 * null when another one does.
 */
export function judgeRenewal(
  held: HeldLease | undefined,
  token: string | null,
  startedAt: number,
  answeredAt: number,
  leaseMs: number,
): LeaseChange {
  if (token === null)
    return held
      ? { kind: 'lost', lease: undefined, token: held.token }
      : { kind: 'standby', lease: undefined };
  const elapsedMs = answeredAt - startedAt;
  if (elapsedMs >= leaseMs) return { kind: 'expired', lease: undefined, token, elapsedMs };
  const lease = { token, confirmedAt: startedAt };
  if (held === undefined) return { kind: 'acquired', lease };
  // A new token for a lease this relay thought it held: another relay may have held it in between.
  if (held.token !== token) return { kind: 'lost', lease: undefined, token: held.token };
  return { kind: 'renewed', lease };
}
