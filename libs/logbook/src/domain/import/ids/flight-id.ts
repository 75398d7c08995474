import { type ImportFormat } from '../import.types';
import { sha1 } from './sha1';

const HEX = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The last namespace's bytes: an import derives every id of a file in one namespace. */
let lastNamespace: { uuid: string; bytes: Uint8Array } | undefined;

function uuidBytes(uuid: string): Uint8Array {
  if (lastNamespace?.uuid === uuid) return lastNamespace.bytes;
  if (!HEX.test(uuid)) throw new Error(`not a UUID: ${uuid}`);
  const hex = uuid.replace(/-/g, '');
  const bytes = Uint8Array.from({ length: 16 }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16));
  lastNamespace = { uuid, bytes };
  return bytes;
}

const UTF8 = new TextEncoder();

/** RFC 9562 UUID version 5: SHA-1 of the namespace's bytes and the name's UTF-8 bytes. */
export function uuidV5(name: string, namespace: string): string {
  const nameBytes = UTF8.encode(name);
  const input = new Uint8Array(16 + nameBytes.length);
  input.set(uuidBytes(namespace));
  input.set(nameBytes, 16);
  const hash = sha1(input).slice(0, 16);
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = Array.from(hash, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * What names a row across imports of the same logbook: the file's own id (MyFlightbook's `Flight ID`),
 * or the date, the source aircraft, departure and arrival and the row's rank among rows with the same
 * four. Times are never part of it, so a corrected time amends the flight rather than adding one.
 */
export type FlightKey =
  | { kind: 'source_id'; id: string }
  | { kind: 'route'; date: string; source: string; departure: string; arrival: string; rank: number };

/** The flight id of a row: a UUID version 5 in the pilot account's namespace of the format and the key. */
export function deriveFlightId(pilotAccountId: string, format: ImportFormat, key: FlightKey): string {
  const parts =
    key.kind === 'source_id'
      ? [format, 'id', key.id]
      : [format, 'route', key.date, key.source, key.departure, key.arrival, String(key.rank)];
  // JSON keeps the parts apart whatever they hold (a comma or a colon in an aircraft's name).
  return uuidV5(JSON.stringify(parts), pilotAccountId.toLowerCase());
}

/** Ranks rows by their route key in file order: the first row of a date, aircraft and route is 0. */
export class RouteRanks {
  private readonly seen = new Map<string, number>();

  next(date: string, source: string, departure: string, arrival: string): number {
    const k = JSON.stringify([date, source, departure, arrival]);
    const rank = this.seen.get(k) ?? 0;
    this.seen.set(k, rank + 1);
    return rank;
  }
}
