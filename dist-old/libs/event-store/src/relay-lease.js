"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RENEWALS_PER_LEASE = void 0;
exports.leaseValidAt = leaseValidAt;
exports.renewalDueIn = renewalDueIn;
exports.judgeRenewal = judgeRenewal;
/** A holder renews its lease every third of the lease length. */
exports.RENEWALS_PER_LEASE = 3;
/** Whether the lease still excludes every other relay at `now`: the decision "may I still send". */
function leaseValidAt(lease, now, leaseMs) {
    return lease !== undefined && now - lease.confirmedAt < leaseMs;
}
/** How long until the lease is due for renewal (0: now). */
function renewalDueIn(lease, now, leaseMs) {
    return Math.max(0, lease.confirmedAt + leaseMs / exports.RENEWALS_PER_LEASE - now);
}
/**
 * Judges the answer of the lease statement, which was sent at `startedAt` with the token `held`
 * (if any) and answered at `answeredAt`: `token` is the lease's token now when this relay holds it,
 * null when another one does.
 */
function judgeRenewal(held, token, startedAt, answeredAt, leaseMs) {
    if (token === null)
        return held
            ? { kind: 'lost', lease: undefined, token: held.token }
            : { kind: 'standby', lease: undefined };
    const elapsedMs = answeredAt - startedAt;
    if (elapsedMs >= leaseMs)
        return { kind: 'expired', lease: undefined, token, elapsedMs };
    const lease = { token, confirmedAt: startedAt };
    if (held === undefined)
        return { kind: 'acquired', lease };
    // A new token for a lease this relay thought it held: another relay may have held it in between.
    if (held.token !== token)
        return { kind: 'lost', lease: undefined, token: held.token };
    return { kind: 'renewed', lease };
}
//# sourceMappingURL=relay-lease.js.map