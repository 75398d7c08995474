import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Requirement checks a row each (pilot experience, section 5). A day of a partner's checks of a pilot
 * was one row holding them all (`checks json[]`): each check rewrote the day's checks before it with
 * it (up to 20 of about 1.4 KB each, compressed and written out of line again every time). Now the
 * day's row keeps only how many checks it holds (`requirement_check_days.checks`): the upsert that
 * counts a check still locks it and refuses a 21st, so the limit stays exact across replicas, and the
 * check itself is a row of its own in `requirement_checks`, numbered in the day in the order answered
 * (`n`, from 1), written once. Both keys lead with the pilot, as `partner_reads`: the history and its
 * erasure read and delete one range; retention finds old days through `requirement_check_days_by_day`
 * and deletes their checks by the day's key.
 */
export class RequirementChecksByRow1763807600000 implements MigrationInterface {
  name = 'RequirementChecksByRow1763807600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`alter table requirement_checks rename to requirement_check_arrays`);
    await q.query(
      `alter table requirement_check_arrays rename constraint requirement_checks_pkey to requirement_check_arrays_pkey`,
    );
    await q.query(`
      create table requirement_check_days (
        pilot_account_id  uuid not null,
        partner_id        uuid not null references partners (partner_id),
        day               date not null,
        checks            smallint not null check (checks > 0),
        primary key (pilot_account_id, partner_id, day)
      )`);
    await q.query(`create index requirement_check_days_by_day on requirement_check_days (day)`);
    await q.query(`
      create table requirement_checks (
        pilot_account_id  uuid not null,
        partner_id        uuid not null,
        day               date not null,
        n                 smallint not null check (n > 0),
        entry             json not null,
        primary key (pilot_account_id, partner_id, day, n)
      )`);
    await q.query(`
      insert into requirement_check_days (pilot_account_id, partner_id, day, checks)
      select pilot_account_id, partner_id, day, cardinality(checks) from requirement_check_arrays`);
    await q.query(`
      insert into requirement_checks (pilot_account_id, partner_id, day, n, entry)
      select r.pilot_account_id, r.partner_id, r.day, c.n, c.entry
        from requirement_check_arrays r cross join lateral unnest(r.checks) with ordinality as c (entry, n)`);
    await q.query(`drop table requirement_check_arrays`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      create table requirement_check_arrays (
        pilot_account_id  uuid not null,
        partner_id        uuid not null references partners (partner_id),
        day               date not null,
        checks            json[] not null check (cardinality(checks) > 0),
        primary key (pilot_account_id, partner_id, day)
      )`);
    await q.query(`
      insert into requirement_check_arrays (pilot_account_id, partner_id, day, checks)
      select pilot_account_id, partner_id, day, array_agg(entry order by n)
        from requirement_checks group by pilot_account_id, partner_id, day`);
    await q.query(`drop table requirement_checks`);
    await q.query(`drop table requirement_check_days`);
    await q.query(`alter table requirement_check_arrays rename to requirement_checks`);
    await q.query(
      `alter table requirement_checks rename constraint requirement_check_arrays_pkey to requirement_checks_pkey`,
    );
    await q.query(`create index requirement_checks_by_day on requirement_checks (day)`);
  }
}
