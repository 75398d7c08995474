import { type OutgoingMessage } from '@pft/platform/kafka/kafka.port';

/**
 * The bytes of events the relay sends in one request at most, unless the options say otherwise. The
 * broker refuses a partition's share of a request over the topic's max.message.bytes (1 MB unless
 * configured), at every retry; one pilot's import puts a whole batch on one partition, and 500 sealed
 * flights with long remarks come to more than a megabyte.
 */
export const SEND_BYTES = 768 * 1024;

/** What a record adds to its key, value and headers in Kafka's record batch, at most. */
const RECORD_OVERHEAD_BYTES = 32;

const bytes = (text: string | Buffer | null | undefined): number =>
  text === null || text === undefined ? 0 : typeof text === 'string' ? Buffer.byteLength(text) : text.length;

/** A message's bytes as a record batch holds them (key, value, header names and values, overhead). */
export function messageBytes(message: OutgoingMessage): number {
  let size = RECORD_OVERHEAD_BYTES + bytes(message.key) + bytes(message.value);
  for (const [name, value] of Object.entries(message.headers ?? {})) size += bytes(name) + bytes(value);
  return size;
}

/**
 * Cuts `messages` into consecutive parts of at most `maxBytes` each, in their order; a message larger
 * than `maxBytes` alone is a part of its own (the broker judges it).
 */
export function sendParts<T extends OutgoingMessage>(messages: readonly T[], maxBytes: number): T[][] {
  const parts: T[][] = [];
  let part: T[] = [];
  let size = 0;
  for (const message of messages) {
    const own = messageBytes(message);
    if (part.length > 0 && size + own > maxBytes) {
      parts.push(part);
      part = [];
      size = 0;
    }
    part.push(message);
    size += own;
  }
  if (part.length > 0) parts.push(part);
  return parts;
}
