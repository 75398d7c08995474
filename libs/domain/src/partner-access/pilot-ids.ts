import { isUuid } from '../uuid';

/** A canonical UUID's length, and where its dashes are (8-4-4-4-12). */
const UUID_LENGTH = 36;
const DASH = 0x2d;
const COMMA = 0x2c;
const isDashAt = (at: number): boolean => at === 8 || at === 13 || at === 18 || at === 23;

/** By character code: 1 for a lower-case hex digit or a digit, 2 for an upper-case one, 0 otherwise. */
const HEX_DIGITS = new Uint8Array(128);
for (const c of '0123456789abcdef') HEX_DIGITS[c.charCodeAt(0)] = 1;
for (const c of 'ABCDEF') HEX_DIGITS[c.charCodeAt(0)] = 2;

/**
 * Whether `raw` is UUIDs separated by single commas, in one pass over its characters: 'lower' when
 * no letter is upper-case, 'mixed' when some is, null when it is not such a list. A batch of 50 is
 * 1,849 characters checked on every request, and a loop over them takes about half the time of a
 * regular expression for the whole list.
 */
function scanUuidList(raw: string): 'lower' | 'mixed' | null {
  const length = raw.length;
  if ((length + 1) % (UUID_LENGTH + 1) !== 0) return null;
  let cases = 0;
  for (let start = 0; start < length; start += UUID_LENGTH + 1) {
    if (start > 0 && raw.charCodeAt(start - 1) !== COMMA) return null;
    for (let at = 0; at < UUID_LENGTH; at++) {
      const code = raw.charCodeAt(start + at);
      if (isDashAt(at)) {
        if (code !== DASH) return null;
        continue;
      }
      const digit = code < 128 ? HEX_DIGITS[code]! : 0;
      if (digit === 0) return null;
      cases |= digit;
    }
  }
  return cases & 2 ? 'mixed' : 'lower';
}

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
  // The list is checked in one pass and split once: a batch of 50 is parsed on every request, so no
  // regular expression, and no lower-casing unless a letter is upper-case.
  const scanned = scanUuidList(raw);
  if (scanned === null) {
    // Too many entries is said first, whatever they hold.
    const entryCount = raw.split(',').length;
    return { ok: false, issue: entryCount > MAX_BATCH_PILOT_IDS ? 'too_many' : 'invalid_uuid' };
  }
  const entries = (scanned === 'mixed' ? raw.toLowerCase() : raw).split(',');
  if (entries.length > MAX_BATCH_PILOT_IDS) return { ok: false, issue: 'too_many' };
  const distinct = new Set(entries);
  return { ok: true, pilotIds: distinct.size === entries.length ? entries : [...distinct] };
}
