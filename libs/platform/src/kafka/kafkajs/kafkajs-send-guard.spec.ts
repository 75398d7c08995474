import { type PartitionMetadata, Partitioners, type RecordMetadata } from 'kafkajs';
import { KafkaClientError } from '../kafka.port';
import { SendGuard, unansweredPartitions } from './kafkajs-send-guard';

const answer = (topicName: string, partition: number): RecordMetadata => ({
  topicName,
  partition,
  errorCode: 0,
  baseOffset: '0',
});

const metadata: PartitionMetadata[] = [0, 1, 2, 3, 4, 5].map((partitionId) => ({
  partitionErrorCode: 0,
  partitionId,
  leader: 1,
  replicas: [1],
  isr: [1],
}));

describe('unansweredPartitions', () => {
  it('is empty when every partition given has an answer', () => {
    expect(unansweredPartitions([0, 3, 3, 5], [5, 3, 0])).toEqual([]);
  });

  it('names each partition without an answer once, in order', () => {
    expect(unansweredPartitions([4, 0, 4, 2, 1], [0, 1])).toEqual([2, 4]);
  });

  it('counts a message the partitioner never saw as unanswered', () => {
    expect(unansweredPartitions([0, undefined], [0, 1])).toEqual([-1]);
  });
});

describe('SendGuard', () => {
  const partitionOf = (guard: SendGuard, message: { key: string; value: string }): number =>
    guard.createPartitioner()({ topic: 't', partitionMetadata: metadata, message });

  it('passes a send whose answers cover the partitions its messages were given', () => {
    const guard = new SendGuard();
    const messages = ['a', 'b', 'c', 'd'].map((key) => ({ key, value: key }));
    const partitions = messages.map((m) => partitionOf(guard, m));
    expect(() =>
      guard.check(
        't',
        messages,
        partitions.map((p) => answer('t', p)),
      ),
    ).not.toThrow();
  });

  it('fails a send that resolved without an answer for one of its partitions', () => {
    const guard = new SendGuard();
    const messages = ['a', 'b', 'c', 'd', 'e', 'f'].map((key) => ({ key, value: key }));
    const partitions = [...new Set(messages.map((m) => partitionOf(guard, m)))];
    expect(partitions.length).toBeGreaterThan(1);
    const [left, ...answered] = partitions;
    let failure: unknown;
    try {
      guard.check(
        't',
        messages,
        answered.map((p) => answer('t', p)),
      );
    } catch (e) {
      failure = e;
    }
    expect(failure).toBeInstanceOf(KafkaClientError);
    expect((failure as KafkaClientError).message).toContain(`partition(s) ${left}`);
    expect((failure as KafkaClientError).connection).toBe(false);
  });

  it('takes only answers for the topic sent to', () => {
    const guard = new SendGuard();
    const message = { key: 'a', value: 'a' };
    const partition = partitionOf(guard, message);
    expect(() => guard.check('t', [message], [answer('other', partition)])).toThrow(KafkaClientError);
  });

  it('chooses the partition the Java-compatible partitioner chooses', () => {
    const guard = new SendGuard();
    const plain = Partitioners.DefaultPartitioner();
    for (const key of ['pilot-1', 'pilot-2', 'pilot-3']) {
      const message = { key, value: key };
      expect(partitionOf(guard, message)).toBe(plain({ topic: 't', partitionMetadata: metadata, message }));
    }
  });
});
