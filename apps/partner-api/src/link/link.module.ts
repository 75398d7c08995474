import { Module } from '@nestjs/common';
import { PartnerReadsModule } from '@pft/totals';
import { AccessModule } from '../auth/access.module';
import { LinkPilotHandler } from './link-pilot.handler';
import { LinkController } from './link.controller';

/** `POST /v1/link`: a partner redeems a pilot's linking code. */
@Module({
  imports: [AccessModule, PartnerReadsModule],
  controllers: [LinkController],
  providers: [LinkPilotHandler],
})
export class LinkModule {}
