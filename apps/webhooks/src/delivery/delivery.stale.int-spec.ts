import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { createPartner } from '@pft/partners';
import { letGo, openTransaction, withTestDataSource } from '@pft/testing';
import { madeEndpoint, storeConnection } from '@pft/testing/webhook-ground';
import { queueWebhookEvent } from '@pft/webhooks';
import { claimAllDue } from '../webhooks-ground.test-support';

/**
 * A claimed delivery is stale (dropped, not sent) once its pilot's connection has ended or is gone with
 * the pilot's account, found by the connection's key: an endpoint's history of deliveries, however long,
 * is not searched for each delivery claimed. The link's own notices never are: the partner hears of the
 * link before its end.
 */
describe('webhook deliveries of pilots disconnected meanwhile (Postgres)', () => {
  let ds: DataSource;
  withTestDataSource(3, (made) => (ds = made));

  async function endpoint(): Promise<{ partnerId: string; endpointId: string }> {
    const { partnerId } = await createPartner(ds, `Stale ${randomUUID()}`);
    return {
      partnerId,
      endpointId: await madeEndpoint(ds, partnerId, ['pilot.linked', 'pilot.disconnected']),
    };
  }

  async function connection(partnerId: string, disconnected = false): Promise<string> {
    const id = randomUUID();
    await storeConnection(ds, { connection: id, partnerId, pilot: randomUUID(), ended: disconnected });
    return id;
  }

  type EventType = Parameters<typeof queueWebhookEvent>[1]['type'];
  const queue = (endpointId: string, type: EventType, orderingKey: string) =>
    queueWebhookEvent(ds, { endpointId, type, data: {}, orderingKey, sourceKey: randomUUID() });

  it('drops a pilot’s event once the connection has ended or is gone, and nothing else', async () => {
    const { partnerId, endpointId } = await endpoint();
    const linked = await connection(partnerId);
    const ended = await connection(partnerId, true);
    const erased = randomUUID();
    await queue(endpointId, 'pilot_totals.updated', linked);
    await queue(endpointId, 'pilot_totals.updated', ended);
    await queue(endpointId, 'pilot_totals.updated', erased);
    // The links' notices: other connections, each its own head (one event per pilot is claimed at a time).
    const [linkEnded, linkErased] = [await connection(partnerId, true), randomUUID()];
    await queue(endpointId, 'pilot.linked', linkEnded);
    await queue(endpointId, 'pilot.linked', linkErased);
    await queue(endpointId, 'webhook.test', `test:${randomUUID()}`);
    const other = await connection(partnerId, true);
    await queue(endpointId, 'pilot.disconnected', other);
    const stale = Object.fromEntries(
      (await claimAllDue(ds)).map((d) => [
        `${d.type} ${d.ordering_key.startsWith('test:') ? 'test' : d.ordering_key}`,
        d.stale,
      ]),
    );
    expect(stale).toEqual({
      [`pilot_totals.updated ${linked}`]: false,
      [`pilot_totals.updated ${ended}`]: true,
      [`pilot_totals.updated ${erased}`]: true,
      [`pilot.linked ${linkEnded}`]: false,
      [`pilot.linked ${linkErased}`]: false,
      'webhook.test test': false,
      [`pilot.disconnected ${other}`]: false,
    });
  });

  it('claims without reading the endpoint’s earlier deliveries', async () => {
    const { partnerId, endpointId } = await endpoint();
    const history = 50_000;
    await ds.query(
      `insert into webhook_deliveries (endpoint_id, event_id, type, created_at, body, ordering_key, source_key, status)
       select $1, 'evt_old_' || g, 'pilot.linked', now(), '{}', gen_random_uuid()::text, 'old:' || g, 'delivered'
         from generate_series(1, $2::int) g`,
      [endpointId, history],
    );
    for (let i = 0; i < 20; i++) await queue(endpointId, 'pilot.linked', await connection(partnerId));
    await ds.query('analyze webhook_deliveries');
    // The claim's statement run under EXPLAIN ANALYZE in a transaction undone after: the pages it read.
    const runner = await openTransaction(ds);
    let pages = 0;
    try {
      const explaining = {
        query: async (sql: string, params: unknown[]) => {
          const [row] = await runner.query(`explain (analyze, buffers, format json) ${sql}`, params);
          const plan = (row as { 'QUERY PLAN': { Plan: Record<string, number> }[] })['QUERY PLAN'][0]!.Plan;
          pages = plan['Shared Hit Blocks']! + plan['Shared Read Blocks']!;
          return [];
        },
      } as unknown as DataSource;
      await claimAllDue(explaining);
    } finally {
      await letGo(runner);
    }
    // About 1,000 pages hold the history; each delivery claimed read them all (20 times over).
    expect(pages).toBeGreaterThan(0);
    expect(pages).toBeLessThan(2_000);
  });
});
