import { isUuid } from '../uuid';
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
  const entries = raw.split(',');
  if (entries.length > MAX_BATCH_PILOT_IDS) return { ok: false, issue: 'too_many' };
  if (!entries.every(isUuid)) return { ok: false, issue: 'invalid_uuid' };
  return { ok: true, pilotIds: [...new Set(entries.map((entry) => entry.toLowerCase()))] };
}
