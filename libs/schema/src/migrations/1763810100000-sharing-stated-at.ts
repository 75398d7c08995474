import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * `connections.sharing_stated_at`: when the pilot last said what the connection shares, by the
 * database's clock: the issue of the linking code that made or last changed it, or the pilot's last
 * `PUT /pilot/v1/connections/{id}/sharing`. A re-link changes what the connection shares only with a
 * code issued after that, so a code the pilot gave before saying otherwise never overrides what they
 * said since. Active connections made before this migration take its time: no code issued before it
 * changes what they share. Null on ended connections, which nothing re-links.
 */
export class SharingStatedAt1763810100000 implements MigrationInterface {
  name = 'SharingStatedAt1763810100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`alter table connections add column sharing_stated_at timestamptz`);
    await q.query(`update connections set sharing_stated_at = now() where disconnected_at is null`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`alter table connections drop column if exists sharing_stated_at`);
  }
}
