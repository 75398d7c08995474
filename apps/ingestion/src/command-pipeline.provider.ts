import { type Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CommandPipeline, RelayWake } from '@pft/event-store';
import { type CommandPipelineOptions } from '@pft/event-store/command-pipeline.options';
import { writeOutcomeTimeoutMs } from '@pft/platform';
import { sharedPayloadSealing } from '@pft/privacy';
import { IngestionConfig } from './ingestion.config';

/** Guessed appends (new flights) of one event-loop turn sent as one statement at most. */
const WRITE_GROUP_MAX_SIZE = 64;

/**
 * The options of the app's write pipeline, from its variables: that of every request (the provider
 * below) and that of import commits on their own pool (ImportCommits).
 */
export function commandPipelineOptions(
  relayWake: RelayWake,
  config: Pick<IngestionConfig, 'WRITE_GROUPING' | 'WRITE_OUTCOME_TIMEOUT_MS' | 'DATABASE_QUERY_TIMEOUT_MS'>,
): CommandPipelineOptions {
  return {
    relayWake,
    outcomeTimeoutMs: writeOutcomeTimeoutMs(config),
    sealer: sharedPayloadSealing(),
    ...(config.WRITE_GROUPING === 'on' ? { grouping: { maxSize: WRITE_GROUP_MAX_SIZE } } : {}),
  };
}

/**
 * The write pipeline of every command here. Appends do not NOTIFY in their transactions: the relay is
 * woken after the commit instead, through the event store's RelayWake (it says why). New flights of concurrent requests share their
 * statement and commit unless WRITE_GROUPING=off.
 */
export const commandPipelineProvider: Provider = {
  provide: CommandPipeline,
  inject: [DataSource, RelayWake, IngestionConfig],
  useFactory: (dataSource: DataSource, relayWake: RelayWake, config: IngestionConfig) =>
    new CommandPipeline(dataSource, commandPipelineOptions(relayWake, config)),
};
