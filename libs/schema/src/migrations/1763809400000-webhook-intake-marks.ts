import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * `webhook_intake_marks`: per partition of the pilot events topic, the offset through which the
 * webhooks intake has taken the messages in, written in the transaction of each batch. A message at or
 * below it is read again (a batch whose offsets were not committed to Kafka, a consumer group's offsets
 * lost): the notices of a link the erasure has deleted since were queued on its first read, and are not
 * queued again (their deliveries are deleted once sent). Holds no pilot: a topic, a partition, an offset.
 */
export class WebhookIntakeMarks1763809400000 implements MigrationInterface {
  name = 'WebhookIntakeMarks1763809400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      create table webhook_intake_marks (
        topic            text not null,
        kafka_partition  integer not null,
        taken_through    bigint not null,
        primary key (topic, kafka_partition)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('drop table webhook_intake_marks');
  }
}
