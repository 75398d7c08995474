import { Module } from '@nestjs/common';
import { PilotTotalsDatabase } from './pilot-totals.database';
import { TotalsReadCache } from './totals-read-cache';

/**
 * The database access and the cache both totals endpoints read through: one of each per replica, so a
 * batch and a single read share kept answers, reads under way and each turn's statements.
 */
@Module({
  providers: [PilotTotalsDatabase, TotalsReadCache],
  exports: [TotalsReadCache],
})
export class PilotTotalsReadsModule {}
