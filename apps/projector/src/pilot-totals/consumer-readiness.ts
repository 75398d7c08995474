import { Injectable } from '@nestjs/common';
import { type ReadinessCheck } from '@pft/platform';
import { PilotTotalsProjectorService } from './pilot-totals-projector.service';

/**
 * The projector's own dependency: its consumer, in its group and fetching. Kafka answering is not
 * enough (the consumer may still be joining, or starting again after an error), and projecting is
 * the projector's only work.
 */
@Injectable()
export class ConsumerReadiness implements ReadinessCheck {
  readonly name = 'consumer';

  constructor(private readonly projector: PilotTotalsProjectorService) {}

  check(): Promise<void> {
    return this.projector.consuming
      ? Promise.resolve()
      : Promise.reject(new Error('the pilot totals consumer has not joined its group'));
  }
}
