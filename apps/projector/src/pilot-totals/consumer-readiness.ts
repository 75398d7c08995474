import { Injectable } from '@nestjs/common';
import { ConsumerInGroupCheck } from '@pft/platform';
import { PilotTotalsProjectorService } from './pilot-totals-projector.service';

/**
 * The projector's own dependency: its consumer, in its group and fetching. Kafka answering is not
 * enough (the consumer may still be joining, or starting again after an error), and projecting is
 * the projector's only work.
 */
@Injectable()
export class ConsumerReadiness extends ConsumerInGroupCheck {
  constructor(projector: PilotTotalsProjectorService) {
    super(projector, 'the pilot totals consumer');
  }
}
