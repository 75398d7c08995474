import { Module } from '@nestjs/common';
import { commandPipelineProvider } from '../command-pipeline.provider';
import { ConsentRepository } from './consent.repository';
import { DisconnectController } from './disconnect/disconnect.controller';
import { DisconnectHandler } from './disconnect/disconnect.handler';
import { IssueLinkingCodeController } from './issue-linking-code/issue-linking-code.controller';
import { IssueLinkingCodeHandler } from './issue-linking-code/issue-linking-code.handler';
import { ListConnectionsController } from './list-connections/list-connections.controller';
import { ListConnectionsHandler } from './list-connections/list-connections.handler';
import { SetSharingController } from './set-sharing/set-sharing.controller';
import { SetSharingHandler } from './set-sharing/set-sharing.handler';

/** Linking codes and connections: what a pilot consents to. */
@Module({
  controllers: [
    IssueLinkingCodeController,
    ListConnectionsController,
    SetSharingController,
    DisconnectController,
  ],
  providers: [
    commandPipelineProvider,
    ConsentRepository,
    IssueLinkingCodeHandler,
    ListConnectionsHandler,
    SetSharingHandler,
    DisconnectHandler,
  ],
  exports: [ConsentRepository],
})
export class ConsentModule {}
