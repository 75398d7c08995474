import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { withTestDataSource } from '@pft/testing';
import { madeEndpoint } from '@pft/testing/webhook-ground';
import { createPartner } from '@pft/partners';
import { queueWebhookEvent } from '@pft/webhooks';
import { claimDueDeliveries, recordDelivered } from './delivery.store';

const DISPATCHERS = 8;

/**
 * Several dispatchers claim from one queue at the same time: each delivery is claimed by one of them,
 * never by two (each would send it, and count an attempt), and never again once delivered.
 */
describe('webhook deliveries claimed by several dispatchers (Postgres)', () => {
  let ds: DataSource;
  withTestDataSource(DISPATCHERS + 2, (made) => (ds = made));

  async function endpoints(count: number): Promise<string[]> {
    const { partnerId } = await createPartner(ds, `Claims ${randomUUID()}`);
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      ids.push(
        await madeEndpoint(ds, partnerId, ['pilot_totals.updated'], `https://hooks${i}.example.com/pft`),
      );
    }
    return ids;
  }

  async function queueMany(endpointIds: string[], perEndpoint: number): Promise<void> {
    for (const endpointId of endpointIds)
      for (let i = 0; i < perEndpoint; i++) {
        const pilotId = randomUUID();
        await queueWebhookEvent(ds, {
          endpointId,
          type: 'pilot_totals.updated',
          data: { pilot_id: pilotId },
          orderingKey: pilotId,
          sourceKey: randomUUID(),
        });
      }
  }

  /** One dispatcher: claims a few at a time, delivers each at once, until nothing is left to claim. */
  async function dispatcher(claims: string[]): Promise<void> {
    for (let idle = 0; idle < 3;) {
      const claimed = await claimDueDeliveries(ds, {
        limit: 3,
        perEndpoint: 2,
        busyEndpoints: [],
        leaseMs: 60_000,
      });
      if (claimed.length === 0) idle++;
      for (const delivery of claimed) {
        claims.push(delivery.delivery_id);
        await recordDelivered(ds, delivery, 200);
      }
    }
  }

  it('gives each delivery to one dispatcher once', async () => {
    const ids = await endpoints(5);
    await queueMany(ids, 120);
    const claims: string[] = [];
    await Promise.all(Array.from({ length: DISPATCHERS }, () => dispatcher(claims)));
    const twice = claims.filter((id, i) => claims.indexOf(id) !== i);
    expect(twice).toEqual([]);
    expect(new Set(claims).size).toBe(600);
    const rows = await ds.query<{ attempts: number }[]>(
      `select max(attempts)::int as attempts from webhook_deliveries where endpoint_id = any($1)`,
      [ids],
    );
    expect(rows[0]?.attempts).toBe(1);
  }, 60_000);
});
