import { type MigrationInterface, type QueryRunner } from 'typeorm';
import {
  ACTIVE_TOTALS_VIEW,
  PILOT_TOTALS_PROJECTION,
  activeViewSql,
  createProjectionTablesSql,
  dropProjectionTablesSql,
} from '@pft/totals/projection/projection-tables';

/**
 * Projection bookkeeping and version 1 of the pilot totals tables. Offsets of each version are kept
 * here, not in Kafka, and written in the same transaction as the rows they produced.
 */
export class Projections1763800200000 implements MigrationInterface {
  name = 'Projections1763800200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      create table projection_versions (
        projection        text primary key,
        active_version    integer not null check (active_version > 0),
        building_version  integer check (building_version > active_version),
        switched_at       timestamptz not null default now()
      )`);
    await q.query(`
      create table projection_offsets (
        projection        text not null,
        version           integer not null,
        kafka_partition   integer not null,
        topic             text not null,
        next_offset       bigint not null,
        complete_through  timestamptz,
        updated_at        timestamptz not null default now(),
        primary key (projection, version, kafka_partition)
      )`);
    await q.query(`
      create table projection_dead_letters (
        projection        text not null,
        version           integer not null,
        topic             text not null,
        kafka_partition   integer not null,
        kafka_offset      bigint not null,
        pilot_account_id  uuid,
        reason            text not null,
        recorded_at       timestamptz not null default now(),
        primary key (projection, version, kafka_partition, kafka_offset)
      )`);
    for (const sql of createProjectionTablesSql(1)) await q.query(sql);
    await q.query(`insert into projection_versions (projection, active_version) values ($1, 1)`, [
      PILOT_TOTALS_PROJECTION,
    ]);
    await q.query(activeViewSql(1));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`drop view if exists ${ACTIVE_TOTALS_VIEW}`);
    const versions = (await q.query(
      `select generate_series(1, greatest(active_version, coalesce(building_version, 0))) as v from projection_versions`,
    )) as { v: number }[];
    for (const { v } of versions) for (const sql of dropProjectionTablesSql(v)) await q.query(sql);
    for (const table of ['projection_dead_letters', 'projection_offsets', 'projection_versions']) {
      await q.query(`drop table if exists ${table}`);
    }
  }
}
