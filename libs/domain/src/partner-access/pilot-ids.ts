import { isUuid } from '../uuid';

const UUID_HEX = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** Lower-case UUIDs separated by single commas: a whole list checked in one pass. */
const UUID_LIST = new RegExp(`^${UUID_HEX}(?:,${UUID_HEX})*$`);
/**
 * The `pilot_id` and `pilot_ids` query parameters of the totals endpoints
 * (partner API v1, 4.2 and 4.3, with the decisions on case, order, duplicates and limits).
 */
export const MAX_BATCH_PILOT_IDS = 50;

export type PilotIdIssue = 'required' | 'repeated' | 'invalid_uuid' | 'too_many';

export type PilotIdParse = { ok: true; pilotId: string } | { ok: false; issue: PilotIdIssue };
export type PilotIdListParse = { ok: true; pilotIds: string[] } | { ok: false; issue: PilotIdIssue };

/** One pilot id: a UUID in any letter case, given once; returned in lower case. */
export function parsePilotId(raw: unknown): PilotIdParse {
  if (raw === undefined || raw === '') return { ok: false, issue: 'required' };
  if (Array.isArray(raw)) return { ok: false, issue: 'repeated' };
  if (typeof raw !== 'string' || !isUuid(raw)) return { ok: false, issue: 'invalid_uuid' };
  return { ok: true, pilotId: raw.toLowerCase() };
}

/**
 * A comma-separated list of 1 to 50 UUIDs, counted as sent (duplicates included). Every entry must be
 * a UUID: an empty entry (`a,,b`, a trailing comma) or one with spaces is not. The result holds each id
 * once, in lower case, in the order of its first occurrence.
 */
export function parsePilotIdList(raw: unknown): PilotIdListParse {
  if (raw === undefined || raw === '') return { ok: false, issue: 'required' };
  if (Array.isArray(raw)) return { ok: false, issue: 'repeated' };
  if (typeof raw !== 'string') return { ok: false, issue: 'invalid_uuid' };
  // The list is checked as one lower-case string, in one pass, and split once: a batch of 50 is
  // parsed on every request, so no regular expression or lower-casing per entry.
  const lower = raw.toLowerCase();
  const entries = lower.split(',');
  if (entries.length > MAX_BATCH_PILOT_IDS) return { ok: false, issue: 'too_many' };
  if (!UUID_LIST.test(lower)) return { ok: false, issue: 'invalid_uuid' };
  const distinct = new Set(entries);
  return { ok: true, pilotIds: distinct.size === entries.length ? entries : [...distinct] };
}
