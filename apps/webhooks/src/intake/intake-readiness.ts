import { Injectable } from '@nestjs/common';
import { ConsumerInGroupCheck } from '@pft/platform';
import { PilotEventsIntakeService } from './pilot-events-intake.service';

/** The dispatcher's consumer, in its group: without it no new event reaches partners. */
@Injectable()
export class IntakeReadiness extends ConsumerInGroupCheck {
  constructor(intake: PilotEventsIntakeService) {
    super(intake, 'the webhook consumer');
  }
}
