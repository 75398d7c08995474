import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * `projection_groups`: every consumer group a projection version has consumed a topic with
 * (`pft-projector-<topic>-<projection>-v<N>`), recorded when its consumer starts. The groups of versions
 * dropped, and those of topics no longer read, are deleted from Kafka from here, however long after
 * (docs/projections.md): their topics were known only from the stored offsets, which a version dropped,
 * begun again or moved to another topic no longer has. Seeded with the groups the stored offsets name.
 */
export class ProjectionGroups1763809700000 implements MigrationInterface {
  name = 'ProjectionGroups1763809700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      create table projection_groups (
        projection  text not null,
        version     integer not null,
        topic       text not null,
        recorded_at timestamptz not null default now(),
        primary key (projection, version, topic)
      )`);
    await q.query(
      `insert into projection_groups (projection, version, topic)
       select distinct projection, version, topic from projection_offsets`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`drop table if exists projection_groups`);
  }
}
