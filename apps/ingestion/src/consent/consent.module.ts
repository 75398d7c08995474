import { Module } from '@nestjs/common';
import { ConsentTransaction } from './consent-transaction';
import { DisconnectController } from './disconnect/disconnect.controller';
import { DisconnectHandler } from './disconnect/disconnect.handler';
import { IssueLinkingCodeController } from './issue-linking-code/issue-linking-code.controller';
import { IssueLinkingCodeHandler } from './issue-linking-code/issue-linking-code.handler';
import { ListConnectionsController } from './list-connections/list-connections.controller';
import { ListConnectionsQuery } from './list-connections/list-connections.query';

/** Linking codes and connections: what a pilot consents to. */
@Module({
  controllers: [IssueLinkingCodeController, ListConnectionsController, DisconnectController],
  providers: [ConsentTransaction, IssueLinkingCodeHandler, ListConnectionsQuery, DisconnectHandler],
})
export class ConsentModule {}
