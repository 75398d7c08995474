import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Where a walk of `GET /v1/pilots` stands: the key (linked_at, pilot_id) of the last pilot of the
 * previous page. The next page starts strictly after it, so a pilot linked for the whole walk is listed
 * exactly once however many others link or disconnect meanwhile (its key never changes).
 */
export interface PilotsCursor {
  /** linked_at to the microsecond, as Postgres keeps it: `YYYY-MM-DDTHH:MM:SS.ffffffZ`. */
  linkedAt: string;
  /** Lower-case UUID. */
  pilotId: string;
}

const LINKED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const PILOT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/**
 * A version mark, so that the form can change later without old cursors being misread. `p1` was the
 * unsigned form: no longer taken.
 */
const VERSION = 'p2';
/** Bytes of the HMAC-SHA256 kept in a cursor: 128 bits, past guessing. */
const TAG_BYTES = 16;

/**
 * The keys cursors are signed with: the first signs, any of them checks (so that cursors handed out
 * before a rotation of the secret they come from still walk on). Each is an HMAC-SHA256 key.
 */
export interface CursorKeys {
  signing: Buffer;
  checking: readonly Buffer[];
}

const tagOf = (key: Buffer, text: string): Buffer =>
  createHmac('sha256', key).update(text, 'utf8').digest().subarray(0, TAG_BYTES);

/**
 * The opaque string handed to the partner: base64url of `p2|<linkedAt>|<pilotId>` and of the first 16
 * bytes of its HMAC-SHA256, joined by a dot. Only the API can make one, so a cursor it did not give is
 * refused before anything of it reaches the database.
 */
export function encodePilotsCursor(cursor: PilotsCursor, keys: CursorKeys): string {
  const text = `${VERSION}|${cursor.linkedAt}|${cursor.pilotId}`;
  return `${Buffer.from(text, 'utf8').toString('base64url')}.${tagOf(keys.signing, text).toString('base64url')}`;
}

/** The cursor a string stands for, or null when it is not one this API made. */
export function decodePilotsCursor(value: string, keys: CursorKeys): PilotsCursor | null {
  if (value.length === 0 || value.length > 200) return null;
  const [body, tag, ...rest] = value.split('.');
  if (rest.length > 0 || !body || !tag || !BASE64URL.test(body) || !BASE64URL.test(tag)) return null;
  const text = Buffer.from(body, 'base64url').toString('utf8');
  const given = Buffer.from(tag, 'base64url');
  // Only one spelling of a cursor is taken (no padding, no stray bits): the one encoded here.
  if (Buffer.from(text, 'utf8').toString('base64url') !== body || given.toString('base64url') !== tag)
    return null;
  if (given.length !== TAG_BYTES || !keys.checking.some((key) => timingSafeEqual(tagOf(key, text), given)))
    return null;
  const parts = text.split('|');
  if (parts.length !== 3 || parts[0] !== VERSION) return null;
  const [, linkedAt, pilotId] = parts as [string, string, string];
  if (!LINKED_AT.test(linkedAt) || !PILOT_ID.test(pilotId)) return null;
  // A time of the right form that is no real instant (month 13, year 0): Postgres would refuse it.
  // Signed cursors carry Postgres's own times; this holds should a key ever leak.
  const toTheMillisecond = `${linkedAt.slice(0, 23)}Z`;
  const instant = new Date(toTheMillisecond);
  if (Number.isNaN(instant.getTime()) || instant.toISOString() !== toTheMillisecond || linkedAt < '0001')
    return null;
  return { linkedAt, pilotId };
}

export const DEFAULT_PILOTS_LIMIT = 100;
export const MAX_PILOTS_LIMIT = 200;

export interface PilotsPageProblem {
  field: 'limit' | 'cursor';
  issue: 'repeated' | 'out_of_range' | 'invalid';
}

export type PilotsPageRequest =
  { ok: true; limit: number; after: PilotsCursor | null } | { ok: false; problems: PilotsPageProblem[] };

/**
 * The query of `GET /v1/pilots` as Fastify parsed it (a repeated parameter comes as an array): each
 * parameter checked on its own, so that a bad `limit` and a bad `cursor` are both named.
 */
export function parsePilotsPageRequest(query: Record<string, unknown>, keys: CursorKeys): PilotsPageRequest {
  const limit = pageLimitOf(query.limit);
  const after = cursorOf(query.cursor, keys);
  if (typeof limit === 'number' && !isProblem(after)) return { ok: true, limit, after };
  return { ok: false, problems: [limit, after].filter(isProblem) };
}

const isProblem = (value: unknown): value is PilotsPageProblem =>
  typeof value === 'object' && value !== null && 'field' in value;

function pageLimitOf(limit: unknown): number | PilotsPageProblem {
  if (limit === undefined) return DEFAULT_PILOTS_LIMIT;
  if (typeof limit !== 'string') return { field: 'limit', issue: 'repeated' };
  if (!/^\d{1,4}$/.test(limit)) return { field: 'limit', issue: 'invalid' };
  const pageLimit = Number(limit);
  if (pageLimit < 1 || pageLimit > MAX_PILOTS_LIMIT) return { field: 'limit', issue: 'out_of_range' };
  return pageLimit;
}

function cursorOf(cursor: unknown, keys: CursorKeys): PilotsCursor | null | PilotsPageProblem {
  if (cursor === undefined) return null;
  if (typeof cursor !== 'string') return { field: 'cursor', issue: 'repeated' };
  return decodePilotsCursor(cursor, keys) ?? { field: 'cursor', issue: 'invalid' };
}
