import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Per connection, the highest logbook stream version a partner was answered with totals computed live
 * from the write side (a linked pilot the projection has no row for yet). Reads go on being computed
 * live until the projection's row reaches it, so a partner never sees a pilot's totals go back to an
 * older state when the projection's first, still partial, row appears.
 */
export class ConnectionsLiveVersion1763800800000 implements MigrationInterface {
  name = 'ConnectionsLiveVersion1763800800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('alter table connections add column live_stream_version integer');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('alter table connections drop column live_stream_version');
  }
}
