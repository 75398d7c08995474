/**
 * The account-erasure test's pilots, their flights full of words no other test writes, and the searches
 * that must find none of them after the erasure: every table of the database, a topic read back whole.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { mintPilotToken } from '@pft/logbook/pilot-auth/pilot-jwt';
import { DEVELOPMENT_JWT_SECRET } from '@pft/logbook/pilot-auth/pilot-token-production-rules';
import { type StartingTotals } from '@pft/contracts';
import { startingTotalsBody, testKafka, waitFor } from '@pft/testing';
import { call } from '../webhooks/webhooks.harness';

/**
 * Waits until the pilot's account on the pilot app API at `apiUrl` answers as a new one (`active`):
 * the erasure asked for has completed.
 */
export function untilErasureCompleted(apiUrl: string, pilot: { token: string }, what: string): Promise<true> {
  return waitFor(
    async () =>
      (await call<{ data: { status: string } }>(`${apiUrl}/pilot/v1/account`, 'GET', pilot.token)).body.data
        .status === 'active'
        ? true
        : undefined,
    30_000,
    what,
    200,
  );
}

const MARKER_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const issuedMarkers = new Set<string>();

/**
 * Letters and digits no other test writes, none drawn twice in this file: what must be found nowhere
 * after the erasure. Unique, so a four-letter airport of the erased pilot is never also one of the
 * other pilot's, whose flights stay in the database.
 */
export function marker(length: number): string {
  for (;;) {
    const drawn = [...randomBytes(length)]
      .map((byte) => MARKER_CHARACTERS[byte % MARKER_CHARACTERS.length])
      .join('')
      .replace(/^[0-9]/, 'Q');
    if (!issuedMarkers.has(drawn)) {
      issuedMarkers.add(drawn);
      return drawn;
    }
  }
}

export interface TestPilot {
  id: string;
  token: string;
  /** The partner's pilot_id after linkTo. */
  pilotId?: string;
  flights: Record<string, unknown>[];
  starting: StartingTotals | null;
  /**
   * What only this pilot's flights say (registrations, airports, remarks), each as a JSON string, in its
   * quotes: a quote never occurs in base64, so a four-letter airport is not found by chance in a
   * ciphertext, while any copy in the clear (JSON, a row as text, a log line) holds it.
   */
  secrets: string[];
}

export const STARTING: StartingTotals = startingTotalsBody();

/** A secret as searched for: in its quotes, and bare too when long enough not to occur by chance. */
export const searched = (secret: string): string[] => {
  const bare = JSON.parse(secret) as string;
  return bare.length >= 8 ? [secret, bare] : [secret];
};

export function newPilot(): TestPilot {
  const id = randomUUID();
  return {
    id,
    token: mintPilotToken(DEVELOPMENT_JWT_SECRET, id, 3600),
    flights: [],
    starting: null,
    secrets: [],
  };
}

export function secretFlight(pilot: TestPilot): Record<string, unknown> {
  const registration = `Z${marker(7)}`;
  const [departure, arrival] = [marker(4), marker(4)];
  const remarks = `remark ${marker(24)}`;
  pilot.secrets.push(...[registration, departure, arrival, remarks].map((s) => JSON.stringify(s)));
  return {
    flight_id: randomUUID(),
    date: '2026-05-01',
    kind: 'flight',
    aircraft: { category: 'airplane', rating_key: 'sep_land', registration },
    departure,
    arrival,
    minutes: { total_flight_time: 90, pic: 90, cross_country: 90, single_engine: 90, night: 15 },
    landings: { day: 1, night: 1 },
    remarks,
  };
}

/** The database's tables (public schema), by name. */
export async function publicTables(db: DataSource): Promise<string[]> {
  const tables: { name: string }[] = await db.query(
    `select quote_ident(table_name) as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  return tables.map((t) => t.name);
}

/** The tables with a row that holds `needle` (the row as text). */
export async function tablesHolding(db: DataSource, needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const name of await publicTables(db)) {
    const [row]: { n: number }[] = await db.query(
      `select count(*)::int as n from ${name} t where t::text like $1`,
      [`%${needle}%`],
    );
    if (row!.n > 0) found.push(name);
  }
  return found;
}

/** Each table's rows, as text, that hold any of `needles`; tables with none left out. */
export async function rowsHolding(db: DataSource, needles: string[]): Promise<Map<string, string[]>> {
  const holding = new Map<string, string[]>();
  for (const name of await publicTables(db)) {
    const rows: { row: string }[] = await db.query(
      `select t::text as row from ${name} t where t::text like any($1::text[])`,
      [needles.map((n) => `%${n}%`)],
    );
    if (rows.length > 0)
      holding.set(
        name,
        rows.map((r) => r.row),
      );
  }
  return holding;
}

/** The topic's messages, read back whole (every partition from its start to its end), as bytes. */
export async function topicBytes(topic: string): Promise<Buffer> {
  const client = testKafka('erasure-read-back');
  const admin = client.admin();
  await admin.connect();
  const ends = await admin.fetchTopicOffsets(topic);
  await admin.disconnect();
  const remaining = new Map(ends.map((o) => [o.partition, BigInt(o.high)]));
  const chunks: Buffer[] = [];
  const consumer = client.consumer({ groupId: `read-back-${randomUUID()}`, maxWaitTimeMs: 100 });
  await consumer.connect();
  await consumer.subscribe([topic], { fromBeginning: true });
  const done = new Set<number>();
  for (const [partition, high] of remaining) if (high === 0n) done.add(partition);
  await consumer.run({
    eachMessage: ({ partition, message }) => {
      if (message.value) chunks.push(Buffer.from(message.value));
      if (message.key) chunks.push(Buffer.from(message.key));
      if (BigInt(message.offset) + 1n >= remaining.get(partition)!) done.add(partition);
      return Promise.resolve();
    },
  });
  await waitFor(() => (done.size === remaining.size ? true : undefined), 60_000, `${topic} read back`, 100);
  await consumer.disconnect();
  return Buffer.concat(chunks);
}
