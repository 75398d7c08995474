import { encodeEventMessageJson, type EventMessage } from '@pft/contracts';

const byJsonbKeyOrder = (a: string, b: string): number =>
  Buffer.byteLength(a) - Buffer.byteLength(b) || Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * `value` as Postgres writes a jsonb value cast to text: an object's keys shortest first, then in byte
 * order; `": "` after a key and `", "` between items; strings and numbers as JSON.stringify writes them
 * (and as Postgres gives back those it was given). What the relay publishes of each event's payload and
 * metadata (outbox-rows.ts reads them as `payload::text`), for tests and benchmarks that make messages
 * without a database; an integration test holds it to Postgres's own.
 */
export function jsonbText(value: unknown): string {
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined ? 'null' : jsonbText(v))).join(', ')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const fields = value as Record<string, unknown>;
  const keys = Object.keys(fields)
    .filter((key) => fields[key] !== undefined)
    .sort(byJsonbKeyOrder);
  return `{${keys.map((key) => `${JSON.stringify(key)}: ${jsonbText(fields[key])}`).join(', ')}}`;
}

/** The message's bytes as the relay publishes it: its head as written, payload and metadata as jsonb text. */
export function relayMessageValue(message: EventMessage): Buffer {
  const { payload, metadata, ...head } = message;
  return encodeEventMessageJson(head, jsonbText(payload), jsonbText(metadata));
}
