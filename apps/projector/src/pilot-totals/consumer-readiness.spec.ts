import { OffsetsPastEndError, TopicIncompleteError } from '@pft/totals';
import { ConsumerReadiness } from './consumer-readiness';
import { type PilotTotalsProjectorService } from './pilot-totals-projector.service';

const readiness = (state: {
  consuming: boolean;
  eventsGone?: Error;
  offsetsPastEnd?: Error;
}): ConsumerReadiness => new ConsumerReadiness(state as PilotTotalsProjectorService);

describe("the projector's readiness", () => {
  it('is ready with its consumer in its group and every event it has to fold on the topic', async () => {
    await expect(readiness({ consuming: true }).check()).resolves.toBeUndefined();
    await expect(readiness({ consuming: false }).check()).rejects.toThrow(
      'the pilot totals consumer has not joined its group',
    );
  });

  it('is not ready, naming the partitions, while the topic no longer holds events the version has to fold', async () => {
    const gone = new TopicIncompleteError('pilot-events', 2, [{ partition: 5, low: 90, next: 12 }]);
    await expect(readiness({ consuming: true, eventsGone: gone }).check()).rejects.toThrow(
      'the topic pilot-events no longer holds events version 2 has to fold (partition 5 begins at offset 90, version 2 reads on from 12)',
    );
  });

  it('is not ready, with the code and the partitions, while offsets the version stored are past the end of the topic', async () => {
    const found = new OffsetsPastEndError('pilot-events', 2, [{ partition: 0, high: 3, next: 1000 }]);
    await expect(readiness({ consuming: true, offsetsPastEnd: found }).check()).rejects.toThrow(
      'OFFSET_PAST_TOPIC_END: version 2 stored offsets past the end of the topic pilot-events (partition 0 ends at offset 3, version 2 reads on from 1000)',
    );
  });
});
