import { type RelayWake } from '@pft/event-store';
import { appDataSourceOptions, dataSourceOptions } from '@pft/platform';
import { sharedPayloadSealing } from '@pft/privacy';
import { commandPipelineOptions } from './command-pipeline.provider';
import { importCommitTimeouts, IMPORT_COMMIT_POOL_SIZE } from './imports/import-commits';
import { IngestionConfig } from './ingestion.config';

describe("the app's write pipeline and pool, and those of import commits", () => {
  const relayWake = { afterCommit: () => undefined } as unknown as RelayWake;

  it("builds the pipeline's options from the app's variables, in one place", () => {
    const config = Object.assign(new IngestionConfig(), {
      WRITE_GROUPING: 'on',
      WRITE_OUTCOME_TIMEOUT_MS: 7000,
    } as const);
    expect(commandPipelineOptions(relayWake, config)).toEqual({
      relayWake,
      outcomeTimeoutMs: 7000,
      sealer: sharedPayloadSealing(),
      grouping: { maxSize: 64 },
    });
    const ungrouped = commandPipelineOptions(relayWake, { ...config, WRITE_GROUPING: 'off' });
    expect(ungrouped.grouping).toBeUndefined();
  });

  it("gives the import commits' pool the app's options but for its size and timeouts", () => {
    const config = Object.assign(new IngestionConfig(), {
      DATABASE_URL: 'postgres://app@db.internal:5432/logbook',
      DATABASE_POOL_SIZE: 30,
      DATABASE_CONNECT_TIMEOUT_MS: 2500,
      DATABASE_QUERY_TIMEOUT_MS: 10_000,
    });
    expect(appDataSourceOptions(config)).toEqual(
      dataSourceOptions(config.DATABASE_URL, 30, { connectMs: 2500, queryMs: 10_000 }),
    );
    const own = appDataSourceOptions(config, {
      poolSize: IMPORT_COMMIT_POOL_SIZE,
      timeouts: importCommitTimeouts(config),
    });
    expect(own).toEqual({
      ...appDataSourceOptions(config),
      extra: { max: 2, connectionTimeoutMillis: 2500, statement_timeout: 120_000, query_timeout: 121_000 },
    });
  });
});
