import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Logbook files uploaded for import (`logbook-import.md` 2): the bytes as received, the pilot's
 * choices, and the outcome of the commit once there is one. Kept 24 hours (`expires_at`), then deleted
 * by the cleanup; a pilot's erasure deletes them with the rest of the pilot's data.
 */
export class PendingImports1763806600000 implements MigrationInterface {
  name = 'PendingImports1763806600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `create table pending_imports (
         import_id uuid primary key,
         pilot_account_id uuid not null,
         format text not null,
         bytes bytea not null,
         choices jsonb not null default '{}'::jsonb,
         state text not null default 'previewed' check (state in ('previewed', 'committed')),
         commit_result jsonb,
         created_at timestamptz not null default now(),
         expires_at timestamptz not null
       )`,
    );
    await q.query('create index pending_imports_by_pilot on pending_imports (pilot_account_id)');
    await q.query('create index pending_imports_by_expiry on pending_imports (expires_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('drop table pending_imports');
  }
}
