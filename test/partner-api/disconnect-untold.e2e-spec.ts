import { randomUUID } from 'node:crypto';
import { createTestDatabase, TcpProxy, waitFor, type TestDatabase } from '@pft/testing';
import { startLogbookPipeline, type LogbookPipeline, type Pilot } from './logbook-pipeline';
import { bearer, expectError } from './partner-api.expectations';
import { partnerWithKey, type TestPartner } from './partner-api.factories';
import { startPartnerApi, type PartnerApiUnderTest } from './partner-api.harness';
import { totalsReadCacheMetric } from '@pft/totals/read/totals-answers.metric';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * The pilot app API cannot reach Redis while the partner API can: the disconnect cannot move the
 * partner read revision on, and the partner API would go on answering from memory.
 */
describe('a disconnect while the pilot app API cannot tell Redis', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let pipeline: LogbookPipeline;
  let api: PartnerApiUnderTest;
  let partner: TestPartner;

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = await TcpProxy.start(REDIS_URL);
    pipeline = await startLogbookPipeline(database, { REDIS_URL: proxy.rewrite(REDIS_URL) });
    api = await startPartnerApi({ PARTNER_REDIS_PREFIX: pipeline.redisPrefix }, database);
    partner = await partnerWithKey(api.db);
  });
  afterAll(async () => {
    await proxy.restore();
    await api.close();
    await pipeline.close();
    await proxy.close();
    await database.drop();
  });

  const read = (pilotId: string) =>
    api.http().get(`/v1/pilot-totals?pilot_id=${pilotId}`).set(bearer(partner.key));
  const fromMemory = async (): Promise<number> =>
    (await totalsReadCacheMetric.get()).values.find((v) => v.labels.source === 'memory')?.value ?? 0;

  async function linkedAndProjected(pilot: Pilot): Promise<string> {
    const flight = await pilot.send('post', '/pilot/v1/flights', {
      flight_id: randomUUID(),
      date: '2026-05-01',
      kind: 'flight',
      aircraft: { category: 'airplane', rating_key: 'sep_land' },
      minutes: { total_flight_time: 60, pic: 60, single_engine: 60 },
    });
    expect(flight.status).toBe(201);
    const linked = await api
      .http()
      .post('/v1/link')
      .set(bearer(partner.key))
      .send({ linking_token: await pilot.linkingCode() });
    expect(linked.status).toBe(200);
    const pilotId: string = linked.body.data.pilot_id;
    await waitFor(
      async () => ((await read(pilotId)).body.data?.flight_count === 1 ? true : undefined),
      30_000,
      'the flight projected',
    );
    return pilotId;
  }

  it('still stops resolving the pilot_id the moment the disconnect returns', async () => {
    const pilot = pipeline.pilot();
    const pilotId = await linkedAndProjected(pilot);

    // Answers from memory on the partner API, then the pilot app API loses Redis.
    await waitFor(
      async () => {
        const before = await fromMemory();
        expect((await read(pilotId)).status).toBe(200);
        return (await fromMemory()) > before ? true : undefined;
      },
      30_000,
      'an answer from memory',
    );
    await proxy.refuse();

    expect((await pilot.send('delete', `/pilot/v1/connections/${pilotId}`)).status).toBe(204);
    expectError(await read(pilotId), 404, 'PILOT_NOT_FOUND');
  });
});
