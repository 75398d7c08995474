import { randomBytes, randomUUID } from 'node:crypto';
import { SEALED_EVENT_TYPES, sealedPayloadOf, type SealedPayload } from '@pft/contracts';
import { type DataKey, type DataKeys, SubjectBeingErased } from '../crypto/data-keys';
import { sealJson } from '../crypto/sealed-json';
import { sharedDataKeys } from '../crypto/shared-data-keys';
import { type Queryable } from '@pft/platform/database/queryable';
import { rowsOf } from '@pft/platform/database/rows-of';

interface PlainRow {
  position: string;
  event_id: string;
  type: string;
  schema_version: number;
  payload: { pilot_account_id: string };
}

/** The transactions the sealing runs in, one per batch. */
export interface SealingDatabase extends Queryable {
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
}

const PLAIN_ROWS = `
  select position::text as position, event_id::text as event_id, type, schema_version, payload
    from events
   where type = any($1::text[]) and not (payload ? 'sealed') and position > $2::bigint
     and ($3::uuid is null or stream_id = 'logbook-' || $3::text)
   order by position
   limit $4
   for update`;

async function plainRows(
  tx: Queryable,
  after: string,
  pilot: string | null,
  limit: number,
): Promise<PlainRow[]> {
  return rowsOf<PlainRow>(await tx.query(PLAIN_ROWS, [SEALED_EVENT_TYPES, after, pilot, limit]));
}

function sealedPayloadOfRow(row: PlainRow, key: DataKey): SealedPayload {
  return sealedPayloadOf(
    { event_id: row.event_id, type: row.type, version: row.schema_version },
    row.payload,
    (payload, aad) => sealJson(payload, key, aad),
  );
}

async function rewrite(tx: Queryable, sealed: { position: string; payload: SealedPayload }[]): Promise<void> {
  if (sealed.length === 0) return;
  await tx.query(
    `update events e set payload = u.payload
       from unnest($1::bigint[], $2::jsonb[]) as u (position, payload)
      where e.position = u.position`,
    [sealed.map((s) => s.position), sealed.map((s) => JSON.stringify(s.payload))],
  );
}

/**
 * The pilot's key to seal with, made when it has none; undefined when none may be made, the pilot's
 * erasure being under way. Made under a savepoint: the refusal (an error raised by `data_keys`' trigger)
 * takes back only the attempt, and the batch's transaction goes on with the other pilots.
 */
async function keyOrErasing(tx: Queryable, keys: DataKeys, pilot: string): Promise<DataKey | undefined> {
  await tx.query('savepoint data_key');
  try {
    const key = await keys.keyToSeal(tx, pilot);
    await tx.query('release savepoint data_key');
    return key;
  } catch (err) {
    if (!(err instanceof SubjectBeingErased)) throw err;
    await tx.query('rollback to savepoint data_key');
    return undefined;
  }
}

/** How many counted, and how many there are to do (at the start). */
export interface SealingProgress {
  done: number;
  total: number;
}

/**
 * Seals, in place, the payloads of the pilots' logbook events stored in the clear before sealing
 * existed (SEALED_EVENT_TYPES), each with its pilot's data key, a batch per transaction, oldest first.
 * Events of a pilot whose erasure is under way are left to it (it shreds them). Run again, it finds only
 * what is still plain. The topic keeps its plain copies: republishEvents writes a new one.
 */
export async function sealStoredEvents(
  db: SealingDatabase,
  options: { batchSize?: number; keys?: DataKeys; onProgress?: (p: SealingProgress) => void } = {},
): Promise<{ sealed: number; leftToErasures: number }> {
  const keys = options.keys ?? sharedDataKeys();
  const batchSize = options.batchSize ?? 500;
  const [count] = rowsOf<{ total: number }>(
    await db.query(
      `select count(*)::int as total from events where type = any($1::text[]) and not (payload ? 'sealed')`,
      [SEALED_EVENT_TYPES],
    ),
  );
  const total = count?.total ?? 0;
  let after = '0';
  let sealed = 0;
  let left = 0;
  options.onProgress?.({ done: 0, total });
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = await plainRows(tx, after, null, batchSize);
      const out: { position: string; payload: SealedPayload }[] = [];
      // Each pilot's key asked for once a batch (a savepoint each time), or found being erased.
      const keyOf = new Map<string, DataKey | undefined>();
      for (const row of rows) {
        const pilot = row.payload.pilot_account_id;
        if (!keyOf.has(pilot)) keyOf.set(pilot, await keyOrErasing(tx, keys, pilot));
        const key = keyOf.get(pilot);
        if (key) out.push({ position: row.position, payload: sealedPayloadOfRow(row, key) });
      }
      await rewrite(tx, out);
      return { rows, sealed: out.length };
    });
    if (batch.rows.length === 0) return { sealed, leftToErasures: left };
    after = batch.rows[batch.rows.length - 1]!.position;
    sealed += batch.sealed;
    left += batch.rows.length - batch.sealed;
    options.onProgress?.({ done: sealed + left, total });
  }
}

/** A key made to seal what must never be read again, and never kept: what it seals reads as erased. */
const throwawayKey = (): DataKey => ({ keyId: randomUUID(), key: randomBytes(32) });

/**
 * A logbook payload stored in the clear as it reads once shredded: sealed under a throwaway key, bound
 * to its event as every sealed payload is.
 */
export function shreddedPayload(row: Omit<PlainRow, 'position'>): SealedPayload {
  return sealedPayloadOfRow({ ...row, position: '0' }, throwawayKey());
}

/**
 * Shreds the pilot's logbook payloads still stored in the clear (from before sealing), in the caller's
 * transaction: each sealed under a key made for the purpose and never kept, so it reads as erased.
 */
export async function shredPlainPayloads(tx: Queryable, pilot: string): Promise<number> {
  const throwaway = throwawayKey();
  let shredded = 0;
  for (;;) {
    const rows = await plainRows(tx, '0', pilot, 1000);
    if (rows.length === 0) return shredded;
    await rewrite(
      tx,
      rows.map((row) => ({ position: row.position, payload: sealedPayloadOfRow(row, throwaway) })),
    );
    shredded += rows.length;
  }
}
