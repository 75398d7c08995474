import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The outbox relay's leadership as a lease that expires (outbox-relay.ts). A session advisory lock
 * stayed held by a relay whose process was frozen (SIGSTOP, a stalled VM) for as long as its
 * connection lived, so no other relay took over. A lease is held only while renewed: `expires_at`
 * on the database's clock, and `token`, incremented each time the lease passes to a holder anew, is
 * the fencing token that the relay's deletes of published outbox rows carry.
 */
export class RelayLeases1763801100000 implements MigrationInterface {
  name = 'RelayLeases1763801100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      create table relay_leases (
        name        text primary key,
        holder      text not null,
        token       bigint not null check (token > 0),
        expires_at  timestamptz not null
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('drop table relay_leases');
  }
}
