import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A partner's list of requirements kept once (pilot experience, section 5). Every check kept its
 * requirements as sent in its own row (`requirement_checks.entry`, about 1.5 KB for a list of 20), though
 * a partner sends the same hiring minimums for pilot after pilot: most of each check's write, and of its
 * share of the write-ahead log, was that list again. Now a list is a row of `requirement_lists`, named by
 * the SHA-256 of its JSON text as sent (`list_id`), and a check keeps its time, its `as_of` and the
 * list's id. `last_day` is the last UTC day a check named the list: the access history's retention
 * deletes a list once no day it keeps can hold a check of it. The entries the history and the export
 * answer are the same: `at` and `as_of` in the formats the checks were written with, the requirements
 * the very text sent.
 */
export class RequirementLists1763810300000 implements MigrationInterface {
  name = 'RequirementLists1763810300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      create table requirement_lists (
        list_id       bytea not null primary key check (length(list_id) = 32),
        requirements  json not null,
        last_day      date not null
      )`);
    await q.query(`create index requirement_lists_by_last_day on requirement_lists (last_day)`);
    await q.query(`
      insert into requirement_lists (list_id, requirements, last_day)
      select sha256(convert_to((entry->'requirements')::text, 'UTF8')),
             (array_agg(entry->'requirements'))[1], max(day)
        from requirement_checks
       group by 1`);
    await q.query(`
      alter table requirement_checks
        add column at timestamptz, add column as_of date, add column list_id bytea`);
    await q.query(`
      update requirement_checks
         set at = (entry->>'at')::timestamptz, as_of = (entry->>'as_of')::date,
             list_id = sha256(convert_to((entry->'requirements')::text, 'UTF8'))`);
    await q.query(`
      alter table requirement_checks
        alter column at set not null, alter column as_of set not null, alter column list_id set not null,
        add constraint requirement_checks_list_id_fkey foreign key (list_id) references requirement_lists (list_id),
        drop column entry`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`alter table requirement_checks add column entry json`);
    await q.query(`
      update requirement_checks c
         set entry = json_build_object(
               'at', to_char(c.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'as_of', to_char(c.as_of, 'YYYY-MM-DD'), 'requirements', l.requirements)
        from requirement_lists l
       where l.list_id = c.list_id`);
    await q.query(`
      alter table requirement_checks
        alter column entry set not null,
        drop column at, drop column as_of, drop column list_id`);
    await q.query(`drop table requirement_lists`);
  }
}
