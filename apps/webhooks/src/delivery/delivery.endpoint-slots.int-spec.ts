import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type DataSource } from 'typeorm';
import { waitFor, withTestDataSource } from '@pft/testing';
import { partnerWithEndpoint } from '@pft/testing/webhook-ground';
import { queueWebhookEvent } from '@pft/webhooks';
import { WebhooksConfig } from '../webhooks.config';
import { DeliveryWorkerService } from './delivery-worker.service';

const PER_ENDPOINT = 2;

/**
 * WEBHOOK_ENDPOINT_CONCURRENCY bounds what one endpoint holds of a dispatcher at any time, not only what
 * one claim takes: an endpoint with attempts still out gets only the slots they leave. A slow endpoint
 * holding one attempt and claimed again for the whole bound held one more than it (up to twice less one).
 */
describe('webhook delivery worker: the slots of one endpoint (Postgres, a receiver on loopback)', () => {
  let ds: DataSource;
  withTestDataSource(4, (made) => (ds = made));

  let receiver: Server;
  let url: string;
  const held: ServerResponse[] = [];
  let received = 0;
  let answerAtOnce = false;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      req.resume();
      received++;
      if (answerAtOnce) res.writeHead(204).end();
      else held.push(res);
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });
  afterAll(() => {
    receiver.closeAllConnections();
    return new Promise((resolve) => receiver.close(resolve));
  });

  const claimsOut = async (endpointId: string): Promise<number> => {
    const [row] = await ds.query<{ n: number }[]>(
      `select count(*)::int as n from webhook_deliveries
        where endpoint_id = $1 and status = 'pending' and claimed_until > now()`,
      [endpointId],
    );
    return row!.n;
  };

  it('claims for a slow endpoint only the slots its attempts out leave', async () => {
    const { endpointId } = await partnerWithEndpoint(ds, `Slots ${randomUUID()}`, ['pilot.linked'], url);
    for (let i = 0; i < 5; i++) {
      const key = `test:${randomUUID()}`;
      await queueWebhookEvent(ds, {
        endpointId,
        type: 'webhook.test',
        data: {},
        orderingKey: key,
        sourceKey: key,
      });
    }
    const config = Object.assign(new WebhooksConfig(), {
      WEBHOOK_ALLOW_PRIVATE_URLS: true,
      WEBHOOK_CONCURRENCY: 10,
      WEBHOOK_ENDPOINT_CONCURRENCY: PER_ENDPOINT,
      WEBHOOK_POLL_INTERVAL_MS: 50,
    });
    const worker = new DeliveryWorkerService(ds, config);
    worker.onApplicationBootstrap();
    try {
      await waitFor(() => (received === PER_ENDPOINT ? true : undefined), 10_000, 'the first attempts');
      expect(await claimsOut(endpointId)).toBe(PER_ENDPOINT);
      // One attempt answered: the endpoint still holds the other, and has one slot free.
      held.shift()!.writeHead(204).end();
      await waitFor(() => (received > PER_ENDPOINT ? true : undefined), 10_000, 'the next attempt');
      // What the claim after that answer took was claimed with the attempt it started.
      expect(await claimsOut(endpointId)).toBe(PER_ENDPOINT);
      expect(held).toHaveLength(PER_ENDPOINT);
    } finally {
      answerAtOnce = true;
      for (const res of held.splice(0)) res.writeHead(204).end();
      await waitFor(
        async () => ((await claimsOut(endpointId)) === 0 && received === 5 ? true : undefined),
        10_000,
        'every delivery answered',
      );
      await worker.beforeApplicationShutdown();
    }
    const [row] = await ds.query<{ delivered: number }[]>(
      `select count(*)::int as delivered from webhook_deliveries where endpoint_id = $1 and status = 'delivered'`,
      [endpointId],
    );
    expect(row!.delivered).toBe(5);
  });
});
