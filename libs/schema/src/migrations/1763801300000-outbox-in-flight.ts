import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Outbox rows marked in flight (outbox-relay.ts): before a batch goes to Kafka, the relay writes
 * its fencing token (`sent_token`) and the database's time (`sent_at`) into the batch's rows. A row
 * without a mark cannot be on the topic; a marked one may be, and is looked for there before it is
 * sent again, so that each event is published once.
 */
export class OutboxInFlight1763801300000 implements MigrationInterface {
  name = 'OutboxInFlight1763801300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('alter table event_outbox add column sent_token bigint, add column sent_at timestamptz');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('alter table event_outbox drop column sent_token, drop column sent_at');
  }
}
