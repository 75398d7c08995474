import { Module } from '@nestjs/common';
import { GetAccessHistoryController } from './get-access-history.controller';
import { GetAccessHistoryHandler } from './get-access-history.handler';

/** GET /pilot/v1/access-history: what partners read of the pilot, and their links and disconnects. */
@Module({
  controllers: [GetAccessHistoryController],
  providers: [GetAccessHistoryHandler],
})
export class AccessHistoryModule {}
