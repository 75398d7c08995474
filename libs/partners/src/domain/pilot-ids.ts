/** A canonical UUID's length, and where its dashes are (8-4-4-4-12). */
const UUID_LENGTH = 36;
const DASH = 0x2d;
const COMMA = 0x2c;
const isDashAt = (at: number): boolean => at === 8 || at === 13 || at === 18 || at === 23;

/**
 * The `pilot_id` and `pilot_ids` query parameters of the totals endpoints
 * (partner API v1, 4.2 and 4.3, with the decisions on case, order, duplicates and limits).
 */
export const MAX_BATCH_PILOT_IDS = 50;

/**
 * By character code: a hex digit's value plus one (so 0 is "not a hex digit"), with HEX_UPPER added
 * for an upper-case letter.
 */
const HEX_DIGITS = new Uint8Array(128);
const HEX_UPPER = 32;
for (const [i, c] of [...'0123456789abcdef'].entries()) HEX_DIGITS[c.charCodeAt(0)] = i + 1;
for (const [i, c] of [...'ABCDEF'].entries()) HEX_DIGITS[c.charCodeAt(0)] = 10 + i + 1 + HEX_UPPER;

/**
 * The list's characters as bytes, written by `scanUuidList` before it reads them: UTF-8, so a list
 * with any character past ASCII has more bytes than characters and is refused at once. Reading bytes
 * does not depend on how the engine holds the string: the list is a slice of the request's query
 * string, and `charCodeAt` on a slice is slower than reading the bytes.
 */
const MAX_LIST_LENGTH = MAX_BATCH_PILOT_IDS * (UUID_LENGTH + 1) - 1;
const listBytes = new Uint8Array(MAX_LIST_LENGTH * 3);
const utf8 = new TextEncoder();

/** What scanning a list found: how many entries, and whether a letter is upper-case. */
interface ScannedList {
  count: number;
  mixedCase: boolean;
}

/**
 * The first 8 hex digits of each entry of the last list scanned, as numbers (any letter case): scratch
 * space of `parsePilotIdList`, which fills and reads it within one synchronous call.
 */
const leadingBits = new Uint32Array(MAX_BATCH_PILOT_IDS);

/**
 * Whether `raw` is UUIDs separated by single commas, in one pass over its bytes (`listBytes`), reading
 * on the way each entry's first 8 hex digits into `leadingBits`; null when it is not such a list or
 * has more than MAX_BATCH_PILOT_IDS entries. A batch of 50 is 1,849 characters checked on every
 * request, and a loop over them takes about half the time of a regular expression for the whole list.
 */
function scanUuidList(raw: string): ScannedList | null {
  const length = raw.length;
  if ((length + 1) % (UUID_LENGTH + 1) !== 0) return null;
  const count = (length + 1) / (UUID_LENGTH + 1);
  if (count > MAX_BATCH_PILOT_IDS) return null;
  if (utf8.encodeInto(raw, listBytes).written !== length) return null;
  let upper = 0;
  for (let entry = 0, start = 0; entry < count; entry++, start += UUID_LENGTH + 1) {
    if (start > 0 && listBytes[start - 1] !== COMMA) return null;
    let bits = 0;
    for (let at = 0; at < UUID_LENGTH; at++) {
      const code = listBytes[start + at]!;
      if (isDashAt(at)) {
        if (code !== DASH) return null;
        continue;
      }
      // Every byte is ASCII (below 128): the list was refused otherwise.
      const digit = HEX_DIGITS[code]!;
      if (digit === 0) return null;
      upper |= digit;
      if (at < 8) bits = bits * 16 + ((digit & (HEX_UPPER - 1)) - 1);
    }
    leadingBits[entry] = bits;
  }
  return { count, mixedCase: (upper & HEX_UPPER) !== 0 };
}

/**
 * Whether two of the first `count` entries scanned begin with the same 8 hex digits. Two distinct
 * random UUIDs do so about once in 4 billion pairs, so a list without such a pair holds no id twice,
 * and only a list with one needs comparing as strings. Numbers compared pairwise cost about a
 * tenth of what a Set of 50 strings does.
 */
function leadingBitsRepeat(count: number): boolean {
  for (let i = 1; i < count; i++) {
    const bits = leadingBits[i];
    for (let j = 0; j < i; j++) if (leadingBits[j] === bits) return true;
  }
  return false;
}

export type PilotIdIssue = 'required' | 'repeated' | 'invalid_uuid' | 'too_many';

export type PilotIdParse = { ok: true; pilotId: string } | { ok: false; issue: PilotIdIssue };
export type PilotIdListParse = { ok: true; pilotIds: string[] } | { ok: false; issue: PilotIdIssue };

/**
 * One pilot id: a UUID in any letter case, given once; returned in lower case. Checked by the list's
 * scan (a list of one) rather than a regular expression, and lower-cased only when a letter is
 * upper-case: every single read parses one.
 */
export function parsePilotId(raw: unknown): PilotIdParse {
  if (raw === undefined || raw === '') return { ok: false, issue: 'required' };
  if (Array.isArray(raw)) return { ok: false, issue: 'repeated' };
  if (typeof raw !== 'string' || raw.length !== UUID_LENGTH) return { ok: false, issue: 'invalid_uuid' };
  const scanned = scanUuidList(raw);
  if (scanned === null) return { ok: false, issue: 'invalid_uuid' };
  return { ok: true, pilotId: scanned.mixedCase ? raw.toLowerCase() : raw };
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
  // regular expression, no lower-casing unless a letter is upper-case, and no Set unless two entries
  // begin alike.
  const scanned = scanUuidList(raw);
  if (scanned === null) {
    // Too many entries is said first, whatever they hold.
    const entryCount = raw.split(',').length;
    return { ok: false, issue: entryCount > MAX_BATCH_PILOT_IDS ? 'too_many' : 'invalid_uuid' };
  }
  const entries = (scanned.mixedCase ? raw.toLowerCase() : raw).split(',');
  if (!leadingBitsRepeat(scanned.count)) return { ok: true, pilotIds: entries };
  const distinct = new Set(entries);
  return { ok: true, pilotIds: distinct.size === entries.length ? entries : [...distinct] };
}
