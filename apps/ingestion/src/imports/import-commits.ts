import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { type DataSource } from 'typeorm';
import { CommandPipeline, RelayWake } from '@pft/event-store';
import { appDataSourceOptions, type DatabaseVariables, openAppDataSource } from '@pft/platform';
import { type DatabaseTimeouts } from '@pft/platform/database/data-source';
import { commandPipelineOptions } from '../command-pipeline.provider';
import { IngestionConfig } from '../ingestion.config';

/**
 * How long each statement of an import's commit may take, waiting for the pilot's logbook stream lock
 * included: a second commit of the same import (a double click, a retry) waits behind the first, whose
 * transaction holds the lock for the whole 50,000 flights, and then answers its result.
 */
export const IMPORT_COMMIT_STATEMENT_MS = 120_000;

/** Connections of each ingestion process for import commits, beside DATABASE_POOL_SIZE. */
export const IMPORT_COMMIT_POOL_SIZE = 2;

/**
 * The commit pool's limits: statements bounded by IMPORT_COMMIT_STATEMENT_MS (Postgres' statement_timeout,
 * the client's a second later), or by DATABASE_QUERY_TIMEOUT_MS when that is longer or 0 (no limit).
 */
export function importCommitTimeouts(
  config: Pick<DatabaseVariables, 'DATABASE_CONNECT_TIMEOUT_MS' | 'DATABASE_QUERY_TIMEOUT_MS'>,
): DatabaseTimeouts {
  const requests = config.DATABASE_QUERY_TIMEOUT_MS;
  return {
    connectMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    queryMs: requests === 0 ? 0 : Math.max(requests, IMPORT_COMMIT_STATEMENT_MS),
  };
}

/**
 * The write pipeline of import commits (`logbook-import.md` 2), on a pool of its own: a request's
 * statements are bounded by DATABASE_QUERY_TIMEOUT_MS (10 s), which a commit waiting for another one
 * of the same import outlasts. The pool is opened by the first commit, not at start. The pool and the
 * pipeline are the app's (appDataSourceOptions, commandPipelineOptions), but for the pool's size and
 * timeouts.
 */
@Injectable()
export class ImportCommits implements OnApplicationShutdown {
  private opened?: Promise<{ dataSource: DataSource; pipeline: CommandPipeline }>;
  private closed = false;

  constructor(
    private readonly config: IngestionConfig,
    private readonly relayWake: RelayWake,
  ) {}

  async pipeline(): Promise<CommandPipeline> {
    if (this.closed) throw new Error('the import commits pool is closed: the process is stopping');
    this.opened ??= this.open().catch((err: unknown) => {
      this.opened = undefined;
      throw err;
    });
    return (await this.opened).pipeline;
  }

  /**
   * After the HTTP server has closed (Nest runs this hook after it, unlike onModuleDestroy), so a commit
   * still being answered while the process drains keeps its pool; the pool is never opened again.
   */
  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    const opened = this.opened;
    this.opened = undefined;
    if (opened) await (await opened.catch(() => undefined))?.dataSource.destroy();
  }

  private async open(): Promise<{ dataSource: DataSource; pipeline: CommandPipeline }> {
    const { config } = this;
    const dataSource = await openAppDataSource(
      appDataSourceOptions(config, {
        poolSize: IMPORT_COMMIT_POOL_SIZE,
        timeouts: importCommitTimeouts(config),
      }),
    );
    const pipeline = new CommandPipeline(dataSource, commandPipelineOptions(this.relayWake, config));
    return { dataSource, pipeline };
  }
}
