import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { logbookStreamId } from '@pft/contracts';
import { lockStream } from '@pft/event-store/stream-lock';
import {
  commitImport,
  FlightsRepository,
  invalidRequest,
  type ImportCommitResult,
  type PendingImport,
  PendingImportsRepository,
} from '@pft/logbook';
import {
  IMPORT_FORMATS,
  type ImportFormat,
  type ImportRead,
  type ImportView,
  readImport,
  typeRatingForIcao,
} from '@pft/logbook/domain';
import { ApiError, todayUtc } from '@pft/platform';
import { SubjectBeingErased } from '@pft/privacy/domain';

import { ImportCommits } from './import-commits';
import { importView } from './import-view';
import { mergeChoices, refuseChoicesTheFileCannotTake } from './import-choices.body';

/** How often each replica deletes the expired imports, in the background. */
const CLEANUP_EVERY_MS = 60 * 1000;

const committedAlready = (): ApiError =>
  invalidRequest([
    {
      field: 'body',
      issue: 'not_allowed',
      message: 'the import is committed: its choices can no longer change',
    },
  ]);

const notFound = (): ApiError =>
  new ApiError('IMPORT_NOT_FOUND', 'No such import (imports are kept 24 hours)');

/** How many times choices are merged again into choices saved meanwhile before the request is refused. */
const CHOICES_ATTEMPTS = 5;

/** What 409 CONFLICT says when choices kept meeting others (CHOICES_ATTEMPTS times in a row). */
export const CHOICES_CONFLICT_MESSAGE =
  'Other choices for this import kept being saved at the same time: send yours again';

/**
 * The pilot's pending imports (`logbook-import.md` 2): a file stored as uploaded, read again with the
 * pilot's choices for every answer (reading is pure and takes well under a second for the largest file),
 * committed through the write pipeline of import commits (ImportCommits).
 */
@Injectable()
export class PendingImports implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(PendingImports.name);
  private cleanup?: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    private readonly commits: ImportCommits,
    private readonly imports: PendingImportsRepository,
    private readonly flights: FlightsRepository,
  ) {}

  /** Expired imports (their files, which hold the pilot's flights) are deleted every minute. */
  onModuleInit(): void {
    this.cleanup = setInterval(() => this.deleteExpired(), CLEANUP_EVERY_MS).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.cleanup);
  }

  /** `auto` when absent; 400 INVALID_REQUEST for a format the service does not read. */
  static formatOf(query: unknown): ImportFormat | 'auto' {
    if (query === undefined || query === 'auto') return 'auto';
    if (typeof query === 'string' && (IMPORT_FORMATS as readonly string[]).includes(query))
      return query as ImportFormat;
    throw invalidRequest([
      {
        field: 'format',
        issue: 'invalid_value',
        message: `must be auto or one of ${IMPORT_FORMATS.join(', ')}`,
      },
    ]);
  }

  async upload(pilot: string, format: ImportFormat | 'auto', bytes: Buffer): Promise<ImportView> {
    const read = this.read({ pilot_account_id: pilot, format, bytes, choices: {} });
    const importId = randomUUID();
    const stored = await this.dataSource.transaction(async (tx) => {
      await lockStream(tx, logbookStreamId(pilot));
      return this.imports.insert(tx, { importId, pilot, format, bytes });
    });
    if (!stored) throw new SubjectBeingErased(pilot);
    return importView(importId, 'previewed', read);
  }

  async view(pilot: string, importId: string): Promise<ImportView> {
    const pending = await this.find(pilot, importId);
    return importView(importId, pending.state, this.read(pending));
  }

  /**
   * Reads the import again with the choices merged in, and saves them; refused (400, nothing saved)
   * when they are bad, or once the import is committed: what it recorded was read with the earlier ones.
   * Choices saved meanwhile by another request are merged into, never overwritten: the merge is done
   * again on them (a few times at most; then 409 CONFLICT, nothing saved).
   */
  async choose(pilot: string, importId: string, body: unknown): Promise<ImportView> {
    for (let attempt = 1; attempt <= CHOICES_ATTEMPTS; attempt++) {
      const pending = await this.find(pilot, importId);
      if (pending.state === 'committed') throw committedAlready();
      const choices = mergeChoices(pending.choices, body);
      const read = this.read({ ...pending, choices });
      refuseChoicesTheFileCannotTake(body, read);
      const saved = await this.imports.saveChoices(
        this.dataSource,
        pending.import_id,
        choices,
        pending.choices,
      );
      if (saved === 'saved') return importView(pending.import_id, pending.state, read);
      if (saved === 'committed') throw committedAlready();
      if (saved === 'gone') throw notFound();
    }
    throw new ApiError('CONFLICT', CHOICES_CONFLICT_MESSAGE);
  }

  async commit(pilot: string, importId: string, requestId: string): Promise<ImportCommitResult> {
    const pending = await this.find(pilot, importId);
    if (pending.commit_result) return pending.commit_result;
    const result = await commitImport(
      // Its own pool: waiting for another commit of the import outlasts a request's statement limit.
      await this.commits.pipeline(),
      { flights: this.flights, imports: this.imports },
      {
        pilot,
        importId,
        // Read again under the commit's lock on the import: the choices it commits are the latest saved.
        readFlights: (locked) => {
          const read = this.read(locked);
          if (!read.ready)
            throw new ApiError('IMPORT_NOT_READY', 'The import is not ready: see its problems and aircraft');
          return { flights: read.flights.map((f) => f.flight), invalidRows: read.rows - read.flights.length };
        },
        requestId,
      },
    );
    if (!result) throw notFound();
    return result;
  }

  private async find(pilot: string, importId: string): Promise<PendingImport> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(importId)) throw notFound();
    const pending = await this.imports.find(this.dataSource, pilot, importId.toLowerCase());
    if (!pending) throw notFound();
    return pending;
  }

  /** The file read with the choices; a file refused as a whole answers its code (413, 415). */
  private read(
    pending: Pick<PendingImport, 'pilot_account_id' | 'format' | 'bytes' | 'choices'>,
  ): ImportRead {
    const result = readImport({
      bytes: pending.bytes,
      pilotAccountId: pending.pilot_account_id,
      today: todayUtc(),
      // A type designator the rating catalog has as a type rating proposes that type key.
      typeRatingOf: typeRatingForIcao,
      format: pending.format,
      choices: pending.choices,
    });
    if (!result.ok) {
      const { code, issue, message, line } = result.refusal;
      throw new ApiError(code, message, [
        { field: line === undefined ? 'body' : `line ${line}`, issue, message },
      ]);
    }
    return result.value;
  }

  private deleteExpired(): void {
    this.imports
      .deleteExpired(this.dataSource)
      .then((n) => {
        if (n > 0) this.logger.log(`${n} expired imports deleted`);
      })
      .catch((err: unknown) => this.logger.warn({ err }, 'could not delete expired imports'));
  }
}
