import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * `webhook_link_reads`: a connection whose `PilotLinked` the webhooks intake has read, written in the
 * transaction that queues the link's `pilot.linked` notices (or finds no endpoint to queue them for).
 * The totals notifier queues a `pilot_totals.updated` to a connection only once it is there: the link's
 * notices, if any, are queued before it (partner platform 4.4, in order per endpoint and pilot).
 * Deleted with its connection (`on delete cascade`): an erasure deleting the connections leaves none.
 */
export class WebhookLinkReads1763809000000 implements MigrationInterface {
  name = 'WebhookLinkReads1763809000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      create table webhook_link_reads (
        connection_id  uuid primary key references connections (connection_id) on delete cascade,
        read_at        timestamptz not null default now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('drop table webhook_link_reads');
  }
}
