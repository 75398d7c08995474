import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * `take_stream_lock(stream_id)`: takes the stream's lock (the advisory lock `lockStream` takes) for the
 * rest of the transaction, or, when another transaction holds it, refuses the statement at once. The
 * appends that go without a transaction of their own (a new flight's one statement, or a group of
 * them) call it, so they never take a version while a command holds the stream: before, each of them
 * could take the next version from under a long command (an import's commit), which then failed on it
 * and started over, and after three times answered 500. Refused, such an append goes the locked way
 * and waits for its turn.
 */
export class StreamLockInAppend1763808000000 implements MigrationInterface {
  name = 'StreamLockInAppend1763808000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      create function take_stream_lock(stream text) returns boolean language plpgsql as $$
      begin
        if not pg_try_advisory_xact_lock(hashtextextended(stream, 0)) then
          raise exception 'stream % is being written under its lock', stream
            using errcode = 'PT409';
        end if;
        return true;
      end $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('drop function take_stream_lock(text)');
  }
}
