import { KAFKA_FACTORY, runTimedScript } from './timed-script';

/**
 * The baseline: the apps' Kafka client (kafka-factory.ts, from the test build) reading the whole topic and discarding it, in a plain Node process of its
 * own like the projector it is compared with (code in jest's sandbox runs several times slower).
 * Prints the seconds from the first batch to the last message.
 */
const DISCARD_SCRIPT = `
const { createKafka } = require(process.env.PFT_KAFKA_FACTORY);
const [topic, total] = [process.argv[1], Number(process.argv[2])];
const kafka = createKafka(process.env.KAFKA_BROKERS, 'pft-bench-discard');
const consumer = kafka.consumer({ groupId: 'bench-discard-' + Date.now(), maxBytesPerPartition: 4 * 1024 * 1024 });
let seen = 0;
let started = 0n;
(async () => {
  await consumer.connect();
  await consumer.subscribe([topic], { fromBeginning: true });
  await new Promise((resolve) => {
    void consumer.run({
      partitionsConsumedConcurrently: 4,
      eachBatch: async ({ batch }) => {
        if (started === 0n) started = process.hrtime.bigint();
        seen += batch.messages.length;
        if (seen >= total) resolve();
      },
    });
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await consumer.disconnect();
  console.log(JSON.stringify({ seconds }));
})().catch((err) => { console.error(err); process.exit(1); });
`;

export function consumeAndDiscard(brokers: string, topic: string, total: number): Promise<number> {
  return runTimedScript('consume-and-discard', DISCARD_SCRIPT, [topic, String(total)], {
    KAFKA_BROKERS: brokers,
    PFT_KAFKA_FACTORY: KAFKA_FACTORY,
  });
}
