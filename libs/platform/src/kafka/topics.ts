import { type KafkaClient } from './kafka.port';

export interface TopicSpec {
  topic: string;
  numPartitions: number;
  /** -1 keeps every message forever: the pilot-events topic is the replay source. */
  retentionMs: number;
}

export function pilotTopics(config: {
  PILOT_EVENTS_TOPIC: string;
  DEAD_LETTER_TOPIC: string;
  PILOT_EVENTS_PARTITIONS: number;
}): TopicSpec[] {
  return [
    { topic: config.PILOT_EVENTS_TOPIC, numPartitions: config.PILOT_EVENTS_PARTITIONS, retentionMs: -1 },
    { topic: config.DEAD_LETTER_TOPIC, numPartitions: 1, retentionMs: -1 },
  ];
}

/**
 * Creates the missing topics with their partition count and retention; leaves existing ones
 * (refusing to go on if one has fewer partitions than configured would silently reorder keys).
 */
export async function ensureTopics(kafka: KafkaClient, specs: TopicSpec[]): Promise<string[]> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = specs.filter((s) => !existing.has(s.topic));
    if (missing.length > 0) {
      await admin.createTopics(missing.map((s) => ({ ...s, replicationFactor: 1 })));
    }
    const present = specs.filter((s) => existing.has(s.topic));
    if (present.length > 0) {
      for (const topic of await admin.topicPartitions(present.map((s) => s.topic))) {
        const wanted = present.find((s) => s.topic === topic.topic);
        if (wanted && topic.partitions !== wanted.numPartitions) {
          throw new Error(
            `Topic ${topic.topic} has ${topic.partitions} partitions, configuration says ${wanted.numPartitions}`,
          );
        }
      }
    }
    return missing.map((s) => s.topic);
  } finally {
    await admin.disconnect();
  }
}
