import { type IncomingMessage } from 'node:http';
import { ulid } from 'ulid';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * `req_` + a ULID. Never taken from the caller: ids are ours, so a support trace cannot be forged.
 * Stored on the raw request as `id`, where pino-http picks it up for every log line of the request.
 */
export function generateRequestId(raw: IncomingMessage): string {
  const id = `req_${ulid()}`;
  (raw as IncomingMessage & { id?: string }).id = id;
  return id;
}
