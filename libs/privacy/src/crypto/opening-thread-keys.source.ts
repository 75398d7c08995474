/**
 * The keys the opening thread holds (plain JavaScript, evaluated there with OPENING_THREAD_SOURCE): those
 * a request gives, kept for its owner's next requests (thread-held-keys.ts says what the caller sends),
 * and the key of a message for the request in hand. A given key is taken as `usable` (the main source)
 * makes it: bytes for the native opener.
 */
export const OPENING_THREAD_KEYS_SOURCE = `
/** Keys given in earlier requests, by owner (source), each by key id: { key (null: destroyed), subject, until }. */
const heldBySource = new Map();
/** Keys held at most for one owner. */
const MAX_HELD = workerData.maxHeld;
/** A key not held: the caller is asked for it (kind 3). */
const MISSING = false;
/** The request being answered: its owner's held keys, the keys given with it (by id), and its time. */
const current = { held: new Map(), given: null, now: 0 };

/** Takes in what the request says of keys (thread-held-keys.ts): those given, then the subjects to drop. */
function takeKeys({ source, now, forget, given }) {
  let held = heldBySource.get(source);
  if (held === undefined) heldBySource.set(source, (held = new Map()));
  current.held = held;
  current.now = now;
  current.given = null;
  if (given !== null) {
    current.given = new Map();
    given.keyIds.forEach((keyId, i) => {
      const key = usable(given.keys[i]);
      current.given.set(keyId, key);
      held.delete(keyId);
      if (key !== undefined) held.set(keyId, { key, subject: given.subjects[i], until: key === null ? Infinity : given.until[i] });
    });
    for (const keyId of held.keys()) {
      if (held.size <= MAX_HELD) break;
      held.delete(keyId);
    }
  }
  for (const [from, subject] of forget) {
    const theirs = heldBySource.get(from);
    if (theirs === undefined) continue;
    for (const [keyId, entry] of theirs) if (entry.subject === subject) theirs.delete(keyId);
  }
}

/** The key of \`keyId\` for the request: given with it, or held and not past its time; else MISSING. */
function keyOf(keyId) {
  if (current.given !== null && current.given.has(keyId)) return current.given.get(keyId);
  const entry = current.held.get(keyId);
  if (entry === undefined) return MISSING;
  if (entry.until <= current.now) {
    current.held.delete(keyId);
    return MISSING;
  }
  return entry.key;
}
`;
