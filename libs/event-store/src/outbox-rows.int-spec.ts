import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from '@pft/testing';
import { OUTBOX_READ, readOutboxRows } from './outbox-rows';

const RELAYED = 40_000;
const WAITING = 2_000;
const BATCH = 500;

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

/** Rows the plan read from `relation`, over all its loops. */
function rowsRead(node: PlanNode, relation: string): number {
  const own = node['Relation Name'] === relation ? node['Actual Rows'] * node['Actual Loops'] : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child, relation), 0);
}

describe("the relay's read of the outbox (Postgres)", () => {
  let db: TestDatabase;
  let client: Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    client = new Client({ connectionString: db.url });
    await client.connect();
    // A store whose older events were all relayed (their outbox rows deleted), with a backlog after them.
    await client.query(
      `insert into events (event_id, stream_id, stream_version, type, schema_version, payload)
       select gen_random_uuid(), 'logbook-' || g, 1, 'FlightDeleted', 1,
              jsonb_build_object('pilot_account_id', gen_random_uuid(), 'flight_id', gen_random_uuid())
         from generate_series(1, $1::int) g`,
      [RELAYED + WAITING],
    );
    await client.query('insert into event_outbox (position) select position from events');
    await client.query('delete from event_outbox where position <= $1', [RELAYED]);
  });
  afterAll(async () => {
    await client.end();
    await db.drop();
  });

  it('reads the oldest waiting rows in order, with their events', async () => {
    const rows = await readOutboxRows(client, BATCH);
    expect(rows.map((r) => Number(r.position))).toEqual(
      Array.from({ length: BATCH }, (_, i) => RELAYED + 1 + i),
    );
    expect(rows.every((r) => r.stream_id === `logbook-${r.position}` && r.type === 'FlightDeleted')).toBe(
      true,
    );
  });

  it('reads no event already relayed, however many the store holds', async () => {
    const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `explain (analyze, format json) ${OUTBOX_READ}`,
      [BATCH],
    );
    expect(rowsRead(rows[0]!['QUERY PLAN'][0].Plan, 'events')).toBe(BATCH);
  });
});
