import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Requirement checks (pilot experience, section 5): each answered check of a pilot by a partner, with
 * the requirements as sent, for the pilot's access history, and the daily limit on them. One row per
 * pilot, partner and UTC day holds that day's checks in the order answered (`checks`, each
 * `{ "at", "as_of", "requirements" }` as JSON text, so the requirements keep the partner's own order
 * of fields); a check is appended by one upsert that refuses a 21st, which makes the limit exact
 * across replicas. The key leads with the pilot, as `partner_reads`: the history and its erasure read
 * and delete one range; retention finds old days through `requirement_checks_by_day`.
 */
export class RequirementChecks1763806900000 implements MigrationInterface {
  name = 'RequirementChecks1763806900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      create table requirement_checks (
        pilot_account_id  uuid not null,
        partner_id        uuid not null references partners (partner_id),
        day               date not null,
        checks            json[] not null check (cardinality(checks) > 0),
        primary key (pilot_account_id, partner_id, day)
      )`);
    await q.query(`create index requirement_checks_by_day on requirement_checks (day)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('drop table if exists requirement_checks');
  }
}
