import { type Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CommandPipeline } from '@pft/event-store';
import { writeOutcomeTimeoutMs } from '@pft/platform';
import { sharedPayloadSealing } from '@pft/privacy';
import { SandboxLogbook } from './sandbox-logbook';
import { PartnerApiConfig } from '../partner-api.config';

/**
 * The write pipeline of the sandbox's commands. The partner API has no relay of its own to wake: the
 * append notifies the ingestion's relays itself.
 */
export const sandboxPipelineProviders: Provider[] = [
  {
    provide: CommandPipeline,
    inject: [DataSource, PartnerApiConfig],
    useFactory: (dataSource: DataSource, config: PartnerApiConfig) =>
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
