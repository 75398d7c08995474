import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A partner's active connections in the order `GET /v1/pilots` pages through them (linked_at, then
 * connection_id, the partner's `pilot_id`): each page is one range scan after the previous page's last
 * key, whatever the number of the partner's pilots.
 */
export class ConnectionsByPartner1763801500000 implements MigrationInterface {
  name = 'ConnectionsByPartner1763801500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `create index connections_active_by_partner on connections (partner_id, linked_at, connection_id)
        where disconnected_at is null`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('drop index if exists connections_active_by_partner');
  }
}
