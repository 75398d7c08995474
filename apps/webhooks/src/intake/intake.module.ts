import { Global, Module } from '@nestjs/common';
import { IntakeReadiness } from './intake-readiness';
import { PilotEventsIntakeService } from './pilot-events-intake.service';

/** Pilot events in, deliveries out. Global so that the health module finds its readiness check. */
@Global()
@Module({ providers: [PilotEventsIntakeService, IntakeReadiness], exports: [IntakeReadiness] })
export class IntakeModule {}
