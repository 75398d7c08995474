import { type Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CommandPipeline } from '@pft/event-store';
import { RelayWake } from './relay/relay-wake';

/**
 * The write pipeline of every command here. Appends do not NOTIFY in their transactions: the relay is
 * woken after the commit instead (RelayWake says why).
 */
export const commandPipelineProvider: Provider = {
  provide: CommandPipeline,
  inject: [DataSource, RelayWake],
  useFactory: (dataSource: DataSource, relay: RelayWake) =>
    new CommandPipeline(dataSource, { afterAppend: () => relay.afterCommit() }),
};
