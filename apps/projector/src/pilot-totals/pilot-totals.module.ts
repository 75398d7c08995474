import { Global, Module } from '@nestjs/common';
import { ConsumerReadiness } from './consumer-readiness';
import { PilotTotalsProjectorService } from './pilot-totals-projector.service';

/**
 * The pilot totals projection: the partner API's totals, folded from the pilot-events topic. Global
 * so that the health module finds its consumer's readiness check.
 */
@Global()
@Module({ providers: [PilotTotalsProjectorService, ConsumerReadiness], exports: [ConsumerReadiness] })
export class PilotTotalsModule {}
