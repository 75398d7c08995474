import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The access history's retention finds the oldest days' counts by day (`forgetReadsBefore`), a few
 * rows at a time, without reading the table. Made concurrently, outside a transaction: the partner
 * API replicas go on adding counts meanwhile.
 */
export class PartnerReadsByDay1763805300000 implements MigrationInterface {
  name = 'PartnerReadsByDay1763805300000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await q.query('create index concurrently if not exists partner_reads_by_day on partner_reads (day)');
  }

  /** TypeORM undoes a migration in a transaction whatever it says: a plain drop, short on any table. */
  async down(q: QueryRunner): Promise<void> {
    await q.query('drop index if exists partner_reads_by_day');
  }
}
