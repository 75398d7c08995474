import { Injectable } from '@nestjs/common';
import { ConsumerInGroupCheck } from '@pft/platform';
import { PilotTotalsProjectorService } from './pilot-totals-projector.service';

/**
 * The projector's own dependency: its consumer, in its group and fetching, with every event its
 * version has still to fold on the topic. Kafka answering is not enough (the consumer may still be
 * joining, or starting again after an error), and projecting is the projector's only work.
 */
@Injectable()
export class ConsumerReadiness extends ConsumerInGroupCheck {
  constructor(private readonly projector: PilotTotalsProjectorService) {
    super(projector, 'the pilot totals consumer');
  }

  /**
   * Not ready either while the topic no longer holds events the active version has to fold: the
   * version cannot be complete, whatever the consumer does; nor while offsets it stored are past the
   * end of the topic (docs/operations.md).
   */
  override async check(): Promise<void> {
    await super.check();
    const gone = this.projector.eventsGone ?? this.projector.offsetsPastEnd;
    if (gone) throw new Error(gone.message);
  }
}
