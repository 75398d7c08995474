import fc from 'fast-check';
import { type KafkaClient } from '@pft/platform';
import { encodeEventMessage, type EventMessage } from '@pft/contracts';
import { logbookEventMessage, logbookHistoryArb } from './logbook-events.arbitrary';
import { type DeliveredLogbookEvent } from './totals.oracle';

export interface PilotHistory {
  pilotId: string;
  events: DeliveredLogbookEvent[];
}

/** `pilots` random, valid logbook histories of exactly `eventsPerPilot` events each, reproducible by seed. */
export function sampleHistories(pilots: number, eventsPerPilot: number, seed: number): PilotHistory[] {
  const arb = logbookHistoryArb({ minEvents: eventsPerPilot * 2, maxEvents: eventsPerPilot * 2 });
  return fc
    .sample(arb, { seed, numRuns: pilots })
    .map((h) => ({ ...h, events: h.events.slice(0, eventsPerPilot) }));
}

/**
 * Interleaves the pilots' events (each pilot's in stream order) into the messages the outbox relay
 * would publish. `duplicateEvery` > 0 publishes every n-th message a second time, a little later.
 * `positionsBefore` counts messages made before these (by an earlier call for other pilots), so that
 * positions and times go on from there.
 */
export function historyMessages(
  histories: PilotHistory[],
  options: { duplicateEvery?: number; positionsBefore?: number } = {},
): EventMessage[] {
  const queues = histories.map((h) => ({ pilotId: h.pilotId, events: [...h.events] }));
  const out: EventMessage[] = [];
  const pending: EventMessage[] = [];
  let position = options.positionsBefore ?? 0;
  const start = Date.parse('2026-11-01T00:00:00.000Z');
  while (queues.some((q) => q.events.length > 0)) {
    for (const q of queues) {
      const next = q.events.shift();
      if (!next) continue;
      position += 1;
      const message = logbookEventMessage(q.pilotId, next, new Date(start + position * 1000), position);
      out.push(message);
      if (options.duplicateEvery && position % options.duplicateEvery === 0) pending.push(message);
      if (pending.length > 0 && position % 7 === 0) out.push(pending.shift()!);
    }
  }
  return [...out, ...pending];
}

/** Publishes in order with the idempotent producer, in chunks that stay under the broker's batch limit. */
export async function publishMessages(
  kafka: KafkaClient,
  topic: string,
  messages: readonly { key: string; value: Buffer | string }[],
  chunk = 500,
): Promise<void> {
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  await producer.connect();
  try {
    for (let i = 0; i < messages.length; i += chunk) {
      await producer.send({
        topic,
        messages: messages.slice(i, i + chunk).map((m) => ({ key: m.key, value: m.value })),
      });
    }
  } finally {
    await producer.disconnect();
  }
}

/** The messages keyed as the relay keys them, each laid out by `encode` (JSON.stringify unless told). */
export const asKafkaMessages = (
  messages: readonly EventMessage[],
  encode: (message: EventMessage) => Buffer = encodeEventMessage,
): { key: string; value: Buffer }[] => messages.map((m) => ({ key: m.pilot_account_id, value: encode(m) }));
