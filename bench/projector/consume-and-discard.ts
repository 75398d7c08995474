import { type KafkaClientName } from '@pft/platform';
import { kafkaScriptEnv, runScript } from '../support/timed-script';

/** Seconds from the first batch to the last message, and from the consumer's start. */
export interface DiscardTiming {
  seconds: number;
  seconds_from_start: number;
}

/**
 * The baseline: the apps' Kafka client (kafka-factory.ts, from the test build, on the adapter named)
 * reading the whole topic and discarding it, in a plain Node process of its own like the projector it
 * is compared with (code in jest's sandbox runs several times slower). Like the projector, it commits
 * no offsets to Kafka (one adapter would wait for a commit after every batch, the other not).
 *
 * Timed from the first batch to the last message, like the projector's fold. A client hands out its
 * first batch only once a whole fetch is decoded, so that fetch is left out of the time; both clients
 * fetch at most 10 MB a time here (kafkajs's default; @platformatic/kafka's is 50 MB), so the part left
 * out is the same for each, and small beside a topic of a million events. Also prints the seconds from
 * the consumer's start (its group join included).
 */
const DISCARD_SCRIPT = `
const { createKafka } = require(process.env.PFT_KAFKA_FACTORY);
const [topic, total] = [process.argv[1], Number(process.argv[2])];
const kafka = createKafka(process.env.KAFKA_BROKERS, 'pft-bench-discard', undefined, undefined, process.env.PFT_KAFKA_CLIENT);
const consumer = kafka.consumer({ groupId: 'bench-discard-' + Date.now(), maxBytesPerPartition: 4 * 1024 * 1024, maxBytes: 10 * 1024 * 1024 });
let seen = 0;
let firstBatch = 0n;
(async () => {
  await consumer.connect();
  await consumer.subscribe([topic], { fromBeginning: true });
  const started = process.hrtime.bigint();
  await new Promise((resolve) => {
    void consumer.run({
      autoCommit: false,
      partitionsConsumedConcurrently: 4,
      eachBatch: async ({ batch }) => {
        if (firstBatch === 0n) firstBatch = process.hrtime.bigint();
        seen += batch.messages.length;
        if (seen >= total) resolve();
      },
    });
  });
  const ended = process.hrtime.bigint();
  await consumer.disconnect();
  console.log(JSON.stringify({ seconds: Number(ended - firstBatch) / 1e9, seconds_from_start: Number(ended - started) / 1e9 }));
})().catch((err) => { console.error(err); process.exit(1); });
`;

export function consumeAndDiscard(
  brokers: string,
  topic: string,
  total: number,
  client: KafkaClientName,
): Promise<DiscardTiming> {
  return runScript<DiscardTiming>(
    `consume-and-discard (${client})`,
    DISCARD_SCRIPT,
    [topic, String(total)],
    kafkaScriptEnv(brokers, client),
  );
}
