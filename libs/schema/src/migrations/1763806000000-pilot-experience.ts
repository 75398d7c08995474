import { type MigrationInterface, type QueryRunner } from 'typeorm';
import {
  ACTIVE_EXPERIENCE_VIEWS,
  EXPERIENCE_FLIGHT_COLUMNS,
  EXPERIENCE_SUM_COLUMNS,
  projectionTables,
} from '@pft/totals/projection/projection-tables';
import { readProjectionVersions } from '@pft/totals/projection/projection-versions';

/**
 * The experience tables of one version as this migration made them: per pilot, day and group the
 * sums of the records of that group dated that day; per pilot, year and group the same over the
 * year, with the latest date among them (views since 1763806800000-experience-from-flights).
 */
export function experienceTablesSql(version: number): string[] {
  const t = projectionTables(version);
  const sums = (type: string) => EXPERIENCE_SUM_COLUMNS.map((c) => `${c} ${type} not null`).join(', ');
  return [
    `create table if not exists ${t.experienceDays} (
        pilot_account_id  uuid not null,
        day               date not null,
        group_no          smallint not null,
        ${sums('integer')},
        primary key (pilot_account_id, day, group_no)
      )`,
    `create table if not exists ${t.experienceYears} (
        pilot_account_id  uuid not null,
        year              smallint not null,
        group_no          smallint not null,
        ${sums('bigint')},
        last_date         date,
        primary key (pilot_account_id, year, group_no)
      )`,
  ];
}

/** The experience views of the active version as this migration made them. */
export function experienceViewsSql(version: number): string[] {
  const t = projectionTables(version);
  const v = ACTIVE_EXPERIENCE_VIEWS;
  return [
    `create or replace view ${v.pilots} as
      select t.pilot_account_id, coalesce(o.complete_through, t.updated_at) as last_updated,
             t.starting_totals, t.experience_groups, t.stream_version, ${version} as projection_version
        from ${t.totals} t
        left join projection_offsets o
          on o.projection = 'pilot_totals' and o.version = ${version} and o.kafka_partition = t.kafka_partition`,
    `create or replace view ${v.days} as select * from ${t.experienceDays}`,
    `create or replace view ${v.years} as select * from ${t.experienceYears}`,
  ];
}

/**
 * The pilot totals projection gains the pilots' experience (docs/projections.md): in every version
 * being read or built, each flight's experience fields, each pilot's experience groups, the day and
 * year sums, and the views of the active version. Rows projected before keep `experience_groups`
 * null: their experience is not known until `pft projections rebuild pilot_totals` has run.
 */
export class PilotExperience1763806000000 implements MigrationInterface {
  name = 'PilotExperience1763806000000';

  async up(q: QueryRunner): Promise<void> {
    const { active, building } = await readProjectionVersions(q);
    for (const version of building === null ? [active] : [active, building]) {
      const t = projectionTables(version);
      await q.query(`alter table ${t.totals} add column if not exists experience_groups jsonb`);
      await q.query(
        `alter table ${t.flights} ${EXPERIENCE_FLIGHT_COLUMNS.map(([name, type]) => `add column if not exists ${name} ${type}`).join(', ')}`,
      );
      for (const sql of experienceTablesSql(version)) await q.query(sql);
    }
    for (const sql of experienceViewsSql(active)) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const view of Object.values(ACTIVE_EXPERIENCE_VIEWS)) await q.query(`drop view if exists ${view}`);
    const { active, building } = await readProjectionVersions(q);
    for (const version of building === null ? [active] : [active, building]) {
      const t = projectionTables(version);
      await q.query(`drop table if exists ${t.experienceDays}`);
      await q.query(`drop table if exists ${t.experienceYears}`);
      await q.query(`alter table ${t.totals} drop column if exists experience_groups`);
      await q.query(
        `alter table ${t.flights} ${EXPERIENCE_FLIGHT_COLUMNS.map(([name]) => `drop column if exists ${name}`).join(', ')}`,
      );
    }
  }
}
