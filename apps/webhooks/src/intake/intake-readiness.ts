import { Injectable } from '@nestjs/common';
import { type ReadinessCheck } from '@pft/platform';
import { PilotEventsIntakeService } from './pilot-events-intake.service';

/** The dispatcher's consumer, in its group: without it no new event reaches partners. */
@Injectable()
export class IntakeReadiness implements ReadinessCheck {
  readonly name = 'consumer';

  constructor(private readonly intake: PilotEventsIntakeService) {}

  check(): Promise<void> {
    return this.intake.consuming
      ? Promise.resolve()
      : Promise.reject(new Error('the webhook consumer has not joined its group'));
  }
}
