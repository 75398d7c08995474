import { Module } from '@nestjs/common';
import { PilotTotalsProjectorService } from './pilot-totals-projector.service';

/** The pilot totals projection: the partner API's totals, folded from the pilot-events topic. */
@Module({ providers: [PilotTotalsProjectorService] })
export class PilotTotalsModule {}
