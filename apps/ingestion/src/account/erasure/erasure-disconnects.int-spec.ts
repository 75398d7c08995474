import { randomUUID } from 'node:crypto';
import { type CommandBus } from '@nestjs/cqrs';
import type Redis from 'ioredis';
import { type DataSource } from 'typeorm';
import { CommandPipeline } from '@pft/event-store';
import { AccessHistory, createPartner } from '@pft/partners';
import { createRedis } from '@pft/platform';
import { sharedPayloadSealing } from '@pft/privacy';
import { PartnerReadRevision } from '@pft/totals';
import { TcpProxy, uniqueRedisPrefix, withTestDataSource } from '@pft/testing';
import { ConsentRepository } from '../../consent/consent.repository';
import { type DisconnectCommand } from '../../consent/disconnect/disconnect.command';
import { DisconnectHandler } from '../../consent/disconnect/disconnect.handler';
import { AccountErasuresRepository } from '../account-erasures.repository';
import { ERASURE_STEPS } from './erasure-steps';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const CACHE_MS = 2000;
const CONNECTIONS = 5;

/** The erasure's disconnects of a pilot with several partners, Redis away, on a real Postgres. */
describe('the erasure’s disconnect step when Redis cannot be told', () => {
  let ds: DataSource;
  let proxy: TcpProxy;
  let redis: Redis;
  withTestDataSource(4, (made) => (ds = made));
  beforeAll(async () => {
    proxy = await TcpProxy.start(REDIS_URL);
    // Redis is away for the pilot app: its own proxy refuses, the machine's Redis runs on.
    await proxy.refuse();
    redis = createRedis(proxy.rewrite(REDIS_URL));
    redis.on('error', () => undefined);
  });
  afterAll(async () => {
    redis?.disconnect();
    await proxy?.close();
  });

  it('waits out PARTNER_TOTALS_CACHE_MS once after the last disconnect, not once per connection', async () => {
    const erasures = new AccountErasuresRepository();
    const pilot = randomUUID();
    for (let i = 0; i < CONNECTIONS; i++) {
      const { partnerId } = await createPartner(ds, `Partner ${i}`);
      await ds.query(
        `insert into connections (connection_id, partner_id, pilot_account_id, linked_at, shares_experience)
         values ($1, $2, $3, now(), false)`,
        [randomUUID(), partnerId, pilot],
      );
    }
    await erasures.request(ds, pilot, 'req-erase');
    const claimed = (await erasures.claim(ds, 30_000))!;
    const handler = new DisconnectHandler(
      new CommandPipeline(ds, { sealer: sharedPayloadSealing() }),
      new ConsentRepository(),
      new PartnerReadRevision(redis, {
        PARTNER_REDIS_PREFIX: uniqueRedisPrefix(),
        PARTNER_TOTALS_CACHE_MS: CACHE_MS,
      }),
    );
    const step = ERASURE_STEPS.find((s) => s.name === 'disconnect-connections')!;

    const started = performance.now();
    await step.run(
      {
        pilot,
        requestedAt: claimed.requested_at,
        requestId: 'req-erase',
        dataSource: ds,
        commandBus: {
          execute: (command: DisconnectCommand) => handler.execute(command),
        } as unknown as CommandBus,
        erasures,
        accessHistory: new AccessHistory(ds),
      },
      (tx) => erasures.stepDone(tx, pilot, claimed.requested_at, step.name),
    );
    const tookMs = performance.now() - started;

    const [row] = await ds.query<{ active: number; waited_ms: number; steps_done: string[] }[]>(
      `select (select count(*)::int from connections where pilot_account_id = $1 and disconnected_at is null) as active,
              (select extract(epoch from now() - max(disconnected_at)) * 1000 from connections
                where pilot_account_id = $1)::float8 as waited_ms,
              steps_done
         from account_erasures where pilot_account_id = $1`,
      [pilot],
    );
    expect(row!.active).toBe(0);
    expect(row!.steps_done).toEqual(['disconnect-connections']);
    // No replica answers from memory once the step is done: the wait came after the last disconnect.
    expect(row!.waited_ms).toBeGreaterThanOrEqual(CACHE_MS);
    // One wait for the five, not five waits (10 s).
    expect(tookMs).toBeLessThan(2 * CACHE_MS);
  });
});
