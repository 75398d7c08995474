import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * `projection_offsets.past_end_offset`: the stored offset as it was when the projector found it past
 * the end of its topic (the topic deleted and made again, a database restored from another
 * environment). The partition folds nothing while its stored offset is still that one, however far the
 * topic has grown since, in every replica and across restarts (docs/operations.md, "Stored offsets past
 * the end of the topic"). Null when none was found; a batch that stores an offset clears it.
 */
export class OffsetsPastEnd1763809900000 implements MigrationInterface {
  name = 'OffsetsPastEnd1763809900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`alter table projection_offsets add column past_end_offset bigint`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`alter table projection_offsets drop column if exists past_end_offset`);
  }
}
