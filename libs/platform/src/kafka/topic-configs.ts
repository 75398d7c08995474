import { type NewTopic } from './kafka.port';

/** The configuration values a new topic is created with, as both adapters send them. */
export function newTopicConfigs(topic: NewTopic): Record<string, string> {
  return {
    'retention.ms': String(topic.retentionMs),
    ...(topic.minInsyncReplicas === undefined
      ? {}
      : { 'min.insync.replicas': String(topic.minInsyncReplicas) }),
  };
}
