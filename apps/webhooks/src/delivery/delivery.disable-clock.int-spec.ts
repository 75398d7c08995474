import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type DataSource } from 'typeorm';
import { waitFor, withTestDataSource } from '@pft/testing';
import { partnerWithEndpoint } from '@pft/testing/webhook-ground';
import { queueWebhookEvent } from '@pft/webhooks';
import { WebhooksConfig } from '../webhooks.config';
import { DeliveryWorkerService } from './delivery-worker.service';

const DAY_MS = 86_400_000;
const realNow = Date.now.bind(Date);

/**
 * An endpoint failing for WEBHOOK_DISABLE_AFTER_MS (5 days) is disabled: the days counted by the
 * database's clock, the one that wrote `failing_since`, not by the clock of the dispatcher whose attempt
 * failed. A dispatcher whose clock ran two days ahead disabled an endpoint failing for three days; one
 * two days behind kept one failing for six.
 */
describe('webhook delivery worker: the days an endpoint has been failing (Postgres, a receiver on loopback)', () => {
  let ds: DataSource;
  withTestDataSource(4, (made) => (ds = made));

  let receiver: Server;
  let url: string;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      req.resume();
      res.writeHead(503).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });
  afterAll(() => new Promise((resolve) => receiver.close(resolve)));

  /** An endpoint failing for `failingDays` by the database's clock, after one more failed attempt. */
  async function afterAFailedAttempt(failingDays: number, dispatcherClockOffMs: number): Promise<string> {
    const { endpointId } = await partnerWithEndpoint(ds, `Clock ${randomUUID()}`, ['pilot.linked'], url);
    await ds.query(
      `update webhook_endpoints set failing_since = now() - $2 * interval '1 day' where endpoint_id = $1`,
      [endpointId, failingDays],
    );
    const key = `test:${randomUUID()}`;
    await queueWebhookEvent(ds, {
      endpointId,
      type: 'webhook.test',
      data: {},
      orderingKey: key,
      sourceKey: key,
    });
    const dispatcherClock = jest
      .spyOn(Date, 'now')
      .mockImplementation(() => realNow() + dispatcherClockOffMs);
    const config = Object.assign(new WebhooksConfig(), {
      WEBHOOK_ALLOW_PRIVATE_URLS: true,
      WEBHOOK_POLL_INTERVAL_MS: 50,
      WEBHOOK_RETRY_SCHEDULE_MS: '3600000',
    });
    const worker = new DeliveryWorkerService(ds, config);
    worker.onApplicationBootstrap();
    try {
      await waitFor(
        async () => {
          const [row] = await ds.query<{ attempts: number }[]>(
            `select attempts from webhook_deliveries where endpoint_id = $1`,
            [endpointId],
          );
          return row!.attempts === 1 ? true : undefined;
        },
        10_000,
        'the failed attempt recorded',
      );
    } finally {
      // Lets the attempt's aftermath (the endpoint's disable) end.
      await worker.beforeApplicationShutdown();
      dispatcherClock.mockRestore();
    }
    const [endpoint] = await ds.query<{ status: string }[]>(
      `select status from webhook_endpoints where endpoint_id = $1`,
      [endpointId],
    );
    return endpoint!.status;
  }

  it('keeps an endpoint failing for 3 days when the dispatcher’s clock is 2 days ahead', async () => {
    expect(await afterAFailedAttempt(3, 2 * DAY_MS)).toBe('enabled');
  });

  it('disables an endpoint failing for 6 days when the dispatcher’s clock is 2 days behind', async () => {
    expect(await afterAFailedAttempt(6, -2 * DAY_MS)).toBe('disabled');
  });

  it('disables an endpoint failing for 5 days by both clocks, and keeps one failing for 4', async () => {
    expect(await afterAFailedAttempt(5, 0)).toBe('disabled');
    expect(await afterAFailedAttempt(4, 0)).toBe('enabled');
  });
});
