"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.OUTBOX_RELAY_LEASE = void 0;
exports.takeOrRenewLease = takeOrRenewLease;
exports.releaseLease = releaseLease;
/** The one lease of the outbox relays of a database: the outbox is one. */
exports.OUTBOX_RELAY_LEASE = 'outbox-relay';
/**
 * Takes or renews the lease in one statement, on the database's clock only. The row is taken when it
 * is missing, expired, or already this holder's; the token then stays when `token` is the one the
 * row has (a renewal) and goes up by one otherwise, so every new holding has a new fencing token.
 * The answer is the token when this holder has the lease now, null when another relay does.
 */
async function takeOrRenewLease(client, lease) {
    const { rows } = await client.query({
        name: 'pft-relay-lease',
        text: `insert into relay_leases as l (name, holder, token, expires_at)
           values ($1, $2, 1, now() + $3 * interval '1 millisecond')
           on conflict (name) do update
              set token = case when l.holder = excluded.holder and l.token = $4::bigint then l.token
                               else l.token + 1 end,
                  holder = excluded.holder,
                  expires_at = excluded.expires_at
            where l.holder = excluded.holder or l.expires_at <= now()
           returning token::text as token`,
        values: [lease.name, lease.holder, lease.leaseMs, lease.token],
    });
    return rows[0]?.token ?? null;
}
/** Ends the lease now, when `token` still names it, so that a standby takes over at its next try. */
async function releaseLease(client, name, token) {
    await client.query('update relay_leases set expires_at = now() where name = $1 and token = $2', [
        name,
        token,
    ]);
}
//# sourceMappingURL=relay-lease.statements.js.map