import { type ConsumerOptions } from '@pft/platform/kafka/kafka.port';

/** The dispatcher's consumer group: its own, and one per topic, as the projector's. */
export const webhooksGroupId = (topic: string): string => `pft-webhooks-${topic}`;

/**
 * The intake consumer's group membership: a dispatcher silent for `sessionTimeoutMs`
 * (WEBHOOK_SESSION_TIMEOUT_MS) is dropped from the group, and the group's other members (or the same
 * dispatcher started again) take its partitions. Heartbeats go every 3 s, as both clients' default,
 * or every tenth of a session shorter than 30 s.
 */
export function intakeConsumerOptions(topic: string, sessionTimeoutMs: number): ConsumerOptions {
  return {
    groupId: webhooksGroupId(topic),
    sessionTimeoutMs,
    heartbeatIntervalMs: Math.min(3000, Math.floor(sessionTimeoutMs / 10)),
    maxWaitTimeMs: 200,
  };
}
