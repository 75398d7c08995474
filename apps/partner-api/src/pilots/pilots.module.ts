import { Module } from '@nestjs/common';
import { AccessModule } from '../auth/access.module';
import { LinkedPilotsReader } from './linked-pilots.reader';
import { ListLinkedPilotsHandler } from './list-linked-pilots.handler';
import { PilotsController } from './pilots.controller';
import { PilotsCursorKeys } from './pilots-cursor-keys';

/** GET /v1/pilots: the calling partner's linked pilots, page by page. */
@Module({
  imports: [AccessModule],
  controllers: [PilotsController],
  providers: [LinkedPilotsReader, ListLinkedPilotsHandler, PilotsCursorKeys],
})
export class PilotsModule {}
