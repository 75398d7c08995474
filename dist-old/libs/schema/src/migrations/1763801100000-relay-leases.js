"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RelayLeases1763801100000 = void 0;
/**
 * The outbox relay's leadership as a lease that expires (outbox-relay.ts). A session advisory lock
 * stayed held by a relay whose process was frozen (SIGSTOP, a stalled VM) for as long as its
 * connection lived, so no other relay took over. A lease is held only while renewed: `expires_at`
 * on the database's clock, and `token`, incremented each time the lease passes to a holder anew, is
 * the fencing token that the relay's deletes of published outbox rows carry.
 */
class RelayLeases1763801100000 {
    name = 'RelayLeases1763801100000';
    async up(q) {
        await q.query(`
      create table relay_leases (
        name        text primary key,
        holder      text not null,
        token       bigint not null check (token > 0),
        expires_at  timestamptz not null
      )`);
    }
    async down(q) {
        await q.query('drop table relay_leases');
    }
}
exports.RelayLeases1763801100000 = RelayLeases1763801100000;
//# sourceMappingURL=1763801100000-relay-leases.js.map