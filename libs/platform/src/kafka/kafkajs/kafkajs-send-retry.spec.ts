import { KafkaJSConnectionError, type Message } from 'kafkajs';

/**
 * kafkajs's send, as patched by patches/kafkajs+2.2.4.patch: a retry sends again only the
 * partitions without an answer, once every request of the failed try has settled. Driven here with
 * two stand-in brokers (no I/O), so the interleaving that appended a batch twice on a real cluster
 * (one leader's request failing while another's was still in flight) is the same on every run.
 */

// kafkajs ships no types for its internals.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const createSendMessages = require('kafkajs/src/producer/sendMessages') as SendMessagesFactory;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const createRetry = require('kafkajs/src/retry') as (options: object) => unknown;

type SendMessagesFactory = (
  deps: object,
) => (request: {
  acks: number;
  timeout: number;
  compression?: number;
  topicMessages: { topic: string; messages: Message[] }[];
}) => Promise<{ topicName: string; partition: number }[]>;

interface ProduceCall {
  broker: string;
  partitions: { partition: number; firstSequence: number; values: string[] }[];
}

const TOPIC = 'pilot-events';

function standInBroker(name: string, calls: ProduceCall[], answer: (attempt: number) => Promise<void>) {
  let attempt = 0;
  return {
    nodeId: name,
    async produce({ topicData }: { topicData: { topic: string; partitions: any[] }[] }) {
      const call: ProduceCall = {
        broker: name,
        partitions: topicData[0]!.partitions.map((p: any) => ({
          partition: Number(p.partition),
          firstSequence: p.firstSequence,
          values: p.messages.map((m: Message) => String(m.value)),
        })),
      };
      calls.push(call);
      await answer((attempt += 1));
      return {
        topics: [
          {
            topicName: TOPIC,
            partitions: call.partitions.map((p) => ({
              partition: p.partition,
              errorCode: 0,
              baseOffset: '0',
            })),
          },
        ],
      };
    },
  };
}

function sequences() {
  const next = new Map<number, number>();
  return {
    isTransactional: () => false,
    getProducerId: () => 1,
    getProducerEpoch: () => 0,
    getSequence: (_topic: string, partition: number) => next.get(Number(partition)) ?? 0,
    updateSequence: (_topic: string, partition: number, by: number) =>
      next.set(Number(partition), (next.get(Number(partition)) ?? 0) + by),
    acquireBrokerLock: () => Promise.resolve(),
    releaseBrokerLock: () => Promise.resolve(),
  };
}

/** Partition 0 led by broker a, partition 1 by broker b; after a metadata refresh, b leads both. */
function twoBrokerCluster(brokers: Record<string, ReturnType<typeof standInBroker>>) {
  let leaders: Record<string, string> = { 0: 'a', 1: 'b' };
  return {
    targetTopics: new Set([TOPIC]),
    addMultipleTargetTopics: () => Promise.resolve(),
    refreshMetadataIfNecessary: () => Promise.resolve(),
    refreshMetadata: () => {
      leaders = { 0: 'b', 1: 'b' };
      return Promise.resolve();
    },
    isConnected: () => true,
    removeBroker: () => undefined,
    findTopicPartitionMetadata: () => [
      { partitionId: 0, leader: leaders[0] },
      { partitionId: 1, leader: leaders[1] },
    ],
    findLeaderForPartitions: (_topic: string, partitions: string[]) => {
      const byLeader: Record<string, string[]> = {};
      for (const partition of partitions) (byLeader[leaders[partition]!] ??= []).push(partition);
      return byLeader;
    },
    findBroker: ({ nodeId }: { nodeId: string }) => Promise.resolve(brokers[nodeId]),
  };
}

const silent = {
  debug: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
};
const byValuePartition = ({ message }: { message: Message }) => Number(String(message.value).split(':')[0]);

describe('kafkajs send, retried while another broker is still answering', () => {
  it('sends each partition once: the retry waits for the request in flight and skips what it answered', async () => {
    const calls: ProduceCall[] = [];
    let releaseB!: () => void;
    const bAnswersFirstTry = new Promise<void>((resolve) => (releaseB = resolve));
    const brokers = {
      // a's leader dies: its request fails at once.
      a: standInBroker('a', calls, () =>
        Promise.reject(new KafkaJSConnectionError('Connection error: read ECONNRESET')),
      ),
      // b answers its first request only later (acks=all waiting on replicas), the next at once.
      b: standInBroker('b', calls, (attempt) => (attempt === 1 ? bAnswersFirstTry : Promise.resolve())),
    };
    const send = createSendMessages({
      logger: silent,
      cluster: twoBrokerCluster(brokers),
      partitioner: byValuePartition,
      eosManager: sequences(),
      retrier: createRetry({ initialRetryTime: 1, maxRetryTime: 5, retries: 5 }),
    });

    const sent = send({
      acks: -1,
      timeout: 30000,
      topicMessages: [{ topic: TOPIC, messages: ['0:x', '0:y', '1:z'].map((value) => ({ value })) }],
    });
    // Long enough for several retries, had the retry not waited for b.
    await new Promise((resolve) => setTimeout(resolve, 50));
    releaseB();
    const answers = await sent;

    expect(answers.map((a) => a.partition).sort()).toEqual([0, 1]);
    const toB = calls.filter((c) => c.broker === 'b');
    // Partition 1 went out once; partition 0 went out again, to its new leader, at its first sequence.
    expect(toB.map((c) => c.partitions.map((p) => p.partition))).toEqual([[1], [0]]);
    expect(toB[1]!.partitions[0]).toEqual({ partition: 0, firstSequence: 0, values: ['0:x', '0:y'] });
    expect(calls.filter((c) => c.broker === 'a')).toHaveLength(1);
  });
});
