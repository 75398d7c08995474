import { type IncomingMessage } from 'node:http';
import { monotonicFactory } from 'ulid';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * Monotonic ULIDs: fresh randomness once per millisecond, then an increment. A plain `ulid()` asks
 * the system for randomness for every id and took about 165 µs here, more than a whole request of
 * bare Fastify; ids need to be unique and sortable, not secret.
 */
export const nextUlid = monotonicFactory();

/**
 * `req_` + a ULID. Never taken from the caller: ids are ours, so a support trace cannot be forged.
 * Stored on the raw request as `id`, where pino-http picks it up for every log line of the request.
 */
export function generateRequestId(raw: IncomingMessage): string {
  const id = `req_${nextUlid()}`;
  (raw as IncomingMessage & { id?: string }).id = id;
  return id;
}
