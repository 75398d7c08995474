import { type ImportChoices, type ImportFormat } from '../domain/import';
import { type Queryable } from '@pft/platform/database/queryable';
import { countDeleted } from '@pft/platform/database/count-deleted';
import { rowsOf } from '@pft/platform/database/rows-of';

/** How long an uploaded file is kept for its preview and commit (`logbook-import.md` 2). */
export const PENDING_IMPORT_HOURS = 24;

/** What a commit recorded (`POST /pilot/v1/imports/{id}/commit`). */
export interface ImportCommitResult {
  recorded: number;
  amended: number;
  unchanged: number;
  skipped_invalid: number;
  skipped_deleted: number;
}

export interface PendingImport {
  import_id: string;
  pilot_account_id: string;
  format: ImportFormat | 'auto';
  bytes: Buffer;
  choices: ImportChoices;
  state: 'previewed' | 'committed';
  commit_result: ImportCommitResult | null;
}

/** A pending import as the pilot's data export lists it: what is held, without the file's bytes. */
export interface PendingImportSummary {
  import_id: string;
  format: ImportFormat | 'auto';
  status: 'previewed' | 'committed';
  uploaded_at: string;
  expires_at: string;
  file_bytes: number;
  choices: ImportChoices;
  commit_result: ImportCommitResult | null;
}

/**
 * The `pending_imports` table: logbook files uploaded for import, each with the pilot's choices, kept
 * until they expire. Another pilot's import, or an expired one, is not found.
 */
export class PendingImportsRepository {
  /**
   * Stores an upload, unless the pilot's erasure is under way: false then, and nothing stored. Run it
   * under the pilot's logbook stream lock, which the erasure takes too: an upload either commits before
   * the erasure deletes the pilot's pending imports, or sees the erasure asked for and stores nothing.
   */
  async insert(
    runner: Queryable,
    row: { importId: string; pilot: string; format: ImportFormat | 'auto'; bytes: Buffer },
  ): Promise<boolean> {
    const rows = (await runner.query(
      `insert into pending_imports (import_id, pilot_account_id, format, bytes, expires_at)
       select $1::uuid, $2::uuid, $3::text, $4::bytea, now() + make_interval(hours => $5::int)
        where not exists (select 1 from account_erasures where pilot_account_id = $2::uuid and completed_at is null)
       returning 1 as stored`,
      [row.importId, row.pilot, row.format, row.bytes, PENDING_IMPORT_HOURS],
    )) as unknown[];
    return rows.length === 1;
  }

  /** The pilot's unexpired imports, oldest upload first, each without its file's bytes. */
  async summariesOf(runner: Queryable, pilot: string): Promise<PendingImportSummary[]> {
    return rowsOf<PendingImportSummary>(
      await runner.query(
        `select import_id::text, format, state as status,
                to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as uploaded_at,
                to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at,
                octet_length(bytes) as file_bytes, choices, commit_result
           from pending_imports
          where pilot_account_id = $1 and expires_at > now()
          order by created_at, import_id`,
        [pilot],
      ),
    );
  }

  /** The pilot's unexpired import; `forUpdate` locks it for the rest of the caller's transaction. */
  async find(
    runner: Queryable,
    pilot: string,
    importId: string,
    forUpdate = false,
  ): Promise<PendingImport | undefined> {
    const rows = (await runner.query(
      `select import_id::text, pilot_account_id::text, format, bytes, choices, state, commit_result
         from pending_imports
        where import_id = $1 and pilot_account_id = $2 and expires_at > now()${forUpdate ? ' for update' : ''}`,
      [importId, pilot],
    )) as PendingImport[];
    return rows[0];
  }

  /**
   * Saves the choices of an import not yet committed, in place of `previous`, the choices they were
   * merged into: `saved`; `changed` when other choices were saved since (nothing saved: merge into
   * those), `committed` when it is committed, `gone` when it expired or was erased meanwhile.
   */
  async saveChoices(
    runner: Queryable,
    importId: string,
    choices: ImportChoices,
    previous: ImportChoices,
  ): Promise<'saved' | 'changed' | 'committed' | 'gone'> {
    const [row] = rowsOf<{ saved: number; state: string | null }>(
      await runner.query(
        `with saved as (
           update pending_imports set choices = $2::jsonb
            where import_id = $1 and state = 'previewed' and choices = $3::jsonb and expires_at > now()
            returning 1
         )
         select (select count(*)::int from saved) as saved,
                (select state from pending_imports where import_id = $1 and expires_at > now()) as state`,
        [importId, JSON.stringify(choices), JSON.stringify(previous)],
      ),
    );
    if (row!.saved > 0) return 'saved';
    if (row!.state === null) return 'gone';
    return row!.state === 'committed' ? 'committed' : 'changed';
  }

  async markCommitted(runner: Queryable, importId: string, result: ImportCommitResult): Promise<void> {
    await runner.query(
      `update pending_imports set state = 'committed', commit_result = $2::jsonb where import_id = $1`,
      [importId, JSON.stringify(result)],
    );
  }

  /** Deletes the imports past their expiry; answers how many. */
  async deleteExpired(runner: Queryable): Promise<number> {
    return countDeleted(
      runner,
      `with gone as (delete from pending_imports where expires_at <= now() returning 1) select count(*)::int as n from gone`,
    );
  }
}
