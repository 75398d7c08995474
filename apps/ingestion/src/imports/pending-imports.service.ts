import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
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
import { IMPORT_FORMATS, type ImportFormat, type ImportView } from '@pft/logbook/domain';
import { ApiError, todayUtc } from '@pft/platform';
import { SubjectBeingErased } from '@pft/privacy/domain';

import { ImportCommits } from './import-commits';
import { mergeChoices, refuseChoicesTheFileCannotTake } from './import-choices.body';
import { type ReadingInput } from './import-reading.messages';
import { ImportReadingThreads } from './import-reading-threads';

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
 * pilot's choices for every answer, committed through the write pipeline of import commits
 * (ImportCommits). Reading the largest file takes seconds: it is read in a reading thread
 * (ImportReadingThreads), never on the thread that answers the process's other requests.
 */
@Injectable()
export class PendingImports implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(PendingImports.name);
  private cleanup?: NodeJS.Timeout;
  private readonly reading = new ImportReadingThreads();

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

  /** After the HTTP server has closed, so that reads still being answered while the process drains end. */
  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.cleanup);
    await this.reading.close();
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
    const importId = randomUUID();
    const view = await this.reading.withPlace((place) =>
      place.view(this.input({ pilot_account_id: pilot, format, bytes, choices: {} }), importId, 'previewed'),
    );
    const stored = await this.dataSource.transaction(async (tx) => {
      await lockStream(tx, logbookStreamId(pilot));
      return this.imports.insert(tx, { importId, pilot, format, bytes });
    });
    if (!stored) throw new SubjectBeingErased(pilot);
    return view;
  }

  /** The file is loaded once it has a place among the files being read (ImportReadingThreads). */
  view(pilot: string, importId: string): Promise<ImportView> {
    return this.reading.withPlace(async (place) => {
      const pending = await this.find(pilot, importId);
      return place.view(this.input(pending), importId, pending.state);
    });
  }

  /**
   * Reads the import again with the choices merged in, and saves them; refused (400, nothing saved)
   * when they are bad, or once the import is committed: what it recorded was read with the earlier ones.
   * Choices saved meanwhile by another request are merged into, never overwritten: the merge is done
   * again on them (a few times at most; then 409 CONFLICT, nothing saved).
   */
  async choose(pilot: string, importId: string, body: unknown): Promise<ImportView> {
    for (let attempt = 1; attempt <= CHOICES_ATTEMPTS; attempt++) {
      const { pending, choices, view } = await this.reading.withPlace(async (place) => {
        const pending = await this.find(pilot, importId);
        if (pending.state === 'committed') throw committedAlready();
        const choices = mergeChoices(pending.choices, body);
        const view = await place.view(this.input({ ...pending, choices }), pending.import_id, pending.state);
        return { pending, choices, view };
      });
      refuseChoicesTheFileCannotTake(body, view);
      const saved = await this.imports.saveChoices(
        this.dataSource,
        pending.import_id,
        choices,
        pending.choices,
      );
      if (saved === 'saved') return view;
      if (saved === 'committed') throw committedAlready();
      if (saved === 'gone') throw notFound();
    }
    throw new ApiError('CONFLICT', CHOICES_CONFLICT_MESSAGE);
  }

  async commit(pilot: string, importId: string, requestId: string): Promise<ImportCommitResult> {
    const pending = await this.find(pilot, importId);
    if (pending.commit_result) return pending.commit_result;
    // The place among the files held is taken before the commit's transaction, not under its locks (the
    // pilot's logbook stream, the import): waiting for other pilots' files there would hold up every
    // write of the pilot.
    const result = await this.reading.withPlace(async (place) =>
      commitImport(
        // Its own pool: waiting for another commit of the import outlasts a request's statement limit.
        await this.commits.pipeline(),
        { flights: this.flights, imports: this.imports },
        {
          pilot,
          importId,
          // Read again under the commit's lock on the import: the choices it commits are the latest saved.
          readFlights: async (locked) => {
            const read = await place.flights(this.input(locked));
            if (!read.ready)
              throw new ApiError(
                'IMPORT_NOT_READY',
                'The import is not ready: see its problems and aircraft',
              );
            return { flights: read.flights, invalidRows: read.invalidRows };
          },
          requestId,
        },
      ),
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

  /** What a reading thread reads: the file with the choices, as of today (UTC). */
  private input(
    pending: Pick<PendingImport, 'pilot_account_id' | 'format' | 'bytes' | 'choices'>,
  ): ReadingInput {
    return {
      bytes: pending.bytes,
      pilot: pending.pilot_account_id,
      format: pending.format,
      choices: pending.choices,
      today: todayUtc(),
    };
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
