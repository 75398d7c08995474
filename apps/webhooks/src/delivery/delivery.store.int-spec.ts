import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { endsOrWaitsOnALock, letGo, openTransaction, withTestDataSource } from '@pft/testing';
import { partnerWithEndpoint } from '@pft/testing/webhook-ground';
import { disableEndpoint, queueWebhookEvent } from '@pft/webhooks';
import { claimDueDeliveries, recordFailed } from './delivery.store';

describe('webhook deliveries of an endpoint disabled meanwhile (Postgres)', () => {
  let ds: DataSource;
  withTestDataSource(4, (made) => (ds = made));

  async function enabledEndpoint(): Promise<string> {
    return (await partnerWithEndpoint(ds, `Disabled meanwhile ${randomUUID()}`, ['pilot_totals.updated']))
      .endpointId;
  }

  const queue = (runner: Parameters<typeof queueWebhookEvent>[0], endpointId: string) =>
    queueWebhookEvent(runner, {
      endpointId,
      type: 'pilot_totals.updated',
      data: { pilot_id: randomUUID() },
      orderingKey: randomUUID(),
      sourceKey: randomUUID(),
    });

  const states = async (endpointId: string) =>
    (
      await ds.query<{ status: string; attempts: number }[]>(
        'select status, attempts from webhook_deliveries where endpoint_id = $1',
        [endpointId],
      )
    ).map((r) => `${r.status} after ${r.attempts}`);

  it('keeps a delivery failed when its attempt fails after the endpoint was disabled', async () => {
    const endpointId = await enabledEndpoint();
    expect(await queue(ds, endpointId)).toBe(true);
    const [claimed] = await claimDueDeliveries(ds, {
      limit: 10,
      perEndpoint: 10,
      busyEndpoints: [],
      leaseMs: 60_000,
    });
    expect(claimed?.endpoint_id).toBe(endpointId);
    // The attempt is out; meanwhile another delivery's failure disables the endpoint.
    expect(await disableEndpoint(ds, endpointId, 'every attempt failed')).toBe(true);
    await recordFailed(ds, claimed!, { status: 500, error: 'HTTP 500', retryInMs: 1000 });
    expect(await states(endpointId)).toEqual(['failed after 1']);
  });

  it('queues nothing that outlives a disable running at the same time', async () => {
    const endpointId = await enabledEndpoint();
    const runner = await openTransaction(ds);
    let disabled: Promise<boolean> | undefined;
    try {
      // Queued in a transaction not yet committed when the disable starts.
      expect(await queue(runner, endpointId)).toBe(true);
      disabled = disableEndpoint(ds, endpointId, 'every attempt failed');
      // The disable either waits on the queueing transaction's lock, or (with no lock to wait on) ends.
      await endsOrWaitsOnALock(ds, disabled, 'the disable to wait on the lock or end');
      await runner.commitTransaction();
    } finally {
      await letGo(runner);
    }
    expect(await disabled).toBe(true);
    expect(await states(endpointId)).toEqual(['failed after 0']);
    // And once disabled, nothing is queued at all.
    expect(await queue(ds, endpointId)).toBe(false);
  });
});
