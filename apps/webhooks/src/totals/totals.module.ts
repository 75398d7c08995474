import { Module } from '@nestjs/common';
import { TotalsNotifierService } from './totals-notifier.service';

/** `pilot_totals.updated`: coalesced, and queued only once partners' reads show the change. */
@Module({ providers: [TotalsNotifierService] })
export class TotalsModule {}
