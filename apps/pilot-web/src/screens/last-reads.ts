import { type AccessHistory, type Connection } from '../api/types';
import { dateTime } from '../format';

/** How far back the Partners screen looks for a partner's last read: the most `days` the access history answers. */
export const LAST_READ_DAYS = 365;

/** Each partner's last read of the pilot's data: a totals or experience read, or a requirement check. */
export function lastReadsOf(history: AccessHistory): Map<string, string> {
  const reads = new Map<string, string>();
  for (const p of history.partners) {
    const last = [
      ...p.reads.map((r) => r.last_at),
      ...(p.experience_reads ?? []).map((r) => r.last_at),
      ...(p.requirement_checks ?? []).map((c) => c.at),
    ]
      .sort()
      .pop();
    if (last) reads.set(p.partner.id, last);
  }
  return reads;
}

/** Shown for every connection while the access history cannot be read: never "Not yet", which it may not be. */
export const LAST_READ_UNKNOWN = 'Unknown: the access history could not be read';

/**
 * A connection's last read as the Partners screen shows it: a read before it was linked (an earlier
 * link of the same partner) is not its own. `reads` is null when the access history could not be read.
 */
export function lastReadCell(
  connection: Connection,
  reads: ReadonlyMap<string, string> | null,
  now = Date.now(),
): string {
  return reads === null ? LAST_READ_UNKNOWN : lastReadText(connection, reads.get(connection.partner.id), now);
}

/** The text of a last read `last` of the connection's partner (undefined: none in the window). */
export function lastReadText(connection: Connection, last: string | undefined, now = Date.now()): string {
  if (last !== undefined && Date.parse(last) >= Date.parse(connection.linked_at)) return dateTime(last);
  const linkedLongAgo = now - Date.parse(connection.linked_at) > LAST_READ_DAYS * 86_400_000;
  return linkedLongAgo ? 'None in the last year' : 'Not yet';
}
