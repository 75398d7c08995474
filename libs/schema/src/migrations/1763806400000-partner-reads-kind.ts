import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * What a partner read of a pilot (pilot experience, section 4): `partner_reads` counts reads of the
 * totals (`totals`, every count before this migration) and of the experience (`experience`) apart, per
 * UTC day, so the pilot's access history shows `reads` and `experience_reads`. The key gains the kind;
 * the pilot still leads it, so the history and its erasure read and delete one range as before.
 */
export class PartnerReadsKind1763806400000 implements MigrationInterface {
  name = 'PartnerReadsKind1763806400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `alter table partner_reads add column kind text not null default 'totals'
         check (kind in ('totals', 'experience'))`,
    );
    await q.query('alter table partner_reads drop constraint partner_reads_pkey');
    await q.query('alter table partner_reads add primary key (pilot_account_id, partner_id, day, kind)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`delete from partner_reads where kind <> 'totals'`);
    await q.query('alter table partner_reads drop constraint partner_reads_pkey');
    await q.query('alter table partner_reads add primary key (pilot_account_id, partner_id, day)');
    await q.query('alter table partner_reads drop column kind');
  }
}
