import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The outbox loses its foreign key to the events. Its rows are written only by the append, from the
 * positions of the events the same statement inserts (event-store.ts), and events are never deleted,
 * so the key could never fail; checking it cost a look-up per row, a thousand for a logbook import.
 */
export class OutboxWithoutForeignKey1763800600000 implements MigrationInterface {
  name = 'OutboxWithoutForeignKey1763800600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('alter table event_outbox drop constraint event_outbox_position_fkey');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      'alter table event_outbox add constraint event_outbox_position_fkey foreign key (position) references events (position)',
    );
  }
}
