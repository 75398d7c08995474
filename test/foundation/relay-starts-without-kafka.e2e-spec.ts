/**
 * A standalone relay (`relay-main.js`) started while Kafka does not answer starts all the same: it
 * keeps the writes in the outbox, tries the topic again every few seconds, and publishes once the
 * brokers answer; before, it exited at start-up and nothing published until someone started it
 * again. Kafka is cut through a proxy of the test's own. Runs the tests' build (`npm run build:test`).
 */
import { randomUUID } from 'node:crypto';
import {
  appendFlightDeletions,
  relayGround,
  startStandaloneRelay,
  TcpProxy,
  TEST_KAFKA_BROKERS,
  waitFor,
} from '@pft/testing';

const EVENTS = 20;

describe('a relay started while Kafka does not answer', () => {
  let proxy: TcpProxy;
  let relay: ReturnType<typeof startStandaloneRelay> | undefined;

  // Declared before the ground: the relay stops before its database is dropped.
  afterAll(async () => {
    await relay?.stop('SIGKILL');
    await proxy?.close();
  });
  const ground = relayGround('relay-without-kafka');
  beforeAll(async () => {
    proxy = await TcpProxy.start(`kafka://${TEST_KAFKA_BROKERS.split(',')[0]}`);
  });

  const outboxRows = async (): Promise<number> =>
    (await ground.ds.query<{ n: number }[]>('select count(*)::int as n from event_outbox'))[0]!.n;

  it('stays up, keeps the writes in the outbox, and publishes them once the brokers answer', async () => {
    const { db, ds, topic } = ground;
    await ds.transaction((m) => appendFlightDeletions(m, randomUUID(), EVENTS));
    await proxy.refuse();
    relay = startStandaloneRelay({
      DATABASE_URL: db.url,
      KAFKA_BROKERS: `127.0.0.1:${proxy.port}`,
      PILOT_EVENTS_TOPIC: topic,
      PILOT_EVENTS_PARTITIONS: '3',
      LOG_LEVEL: 'info',
    });
    const running = relay;
    await waitFor(
      () => (running.output().includes(`topic ${topic} not ensured yet`) ? true : undefined),
      60_000,
      `the relay to say the topic is not ensured yet\n${running.output()}`,
    );
    // Past the point where it used to exit (the admin client's retries, then the start-up error).
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await Promise.race([running.exited, Promise.resolve('running')])).toBe('running');
    expect(await outboxRows()).toBe(EVENTS);

    await proxy.restore();
    await waitFor(
      async () => ((await outboxRows()) === 0 ? true : undefined),
      90_000,
      `the relay to publish the outbox once Kafka answers\n${running.output()}`,
    );
    expect(await Promise.race([running.exited, Promise.resolve('running')])).toBe('running');
    expect(await running.stop('SIGTERM')).toBe(0);
  });
});
