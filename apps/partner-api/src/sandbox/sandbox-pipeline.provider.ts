import { type Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CommandPipeline } from '@pft/event-store';
import { AppConfig, writeOutcomeTimeoutMs } from '@pft/platform';
import { sharedPayloadSealing } from '@pft/privacy';
import { SandboxLogbook } from './sandbox-logbook';

/**
 * The write pipeline of the sandbox's commands. The partner API has no relay of its own to wake: the
 * append notifies the ingestion's relays itself.
 */
export const sandboxPipelineProviders: Provider[] = [
  {
    provide: CommandPipeline,
    inject: [DataSource, AppConfig],
    useFactory: (dataSource: DataSource, config: AppConfig) =>
      new CommandPipeline(dataSource, {
        outcomeTimeoutMs: writeOutcomeTimeoutMs(config),
        sealer: sharedPayloadSealing(),
      }),
  },
  {
    provide: SandboxLogbook,
    inject: [CommandPipeline],
    useFactory: (p: CommandPipeline) => new SandboxLogbook(p),
  },
];
