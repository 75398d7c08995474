import { type Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CommandPipeline } from '@pft/event-store';
import { AppConfig, writeOutcomeTimeoutMs } from '@pft/platform';
import { RelayWake } from './relay/relay-wake';

/**
 * The write pipeline of every command here. Appends do not NOTIFY in their transactions: the relay is
 * woken after the commit instead (RelayWake says why).
 */
export const commandPipelineProvider: Provider = {
  provide: CommandPipeline,
  inject: [DataSource, RelayWake, AppConfig],
  useFactory: (dataSource: DataSource, relay: RelayWake, config: AppConfig) =>
    new CommandPipeline(dataSource, {
      afterAppend: () => relay.afterCommit(),
      outcomeTimeoutMs: writeOutcomeTimeoutMs(config),
    }),
};
