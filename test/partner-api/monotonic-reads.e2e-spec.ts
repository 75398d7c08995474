import { randomUUID } from 'node:crypto';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { encodeEventMessageJson, logbookStreamId } from '@pft/contracts';
import { type OutboxRow } from '@pft/event-store/outbox-rows';
import { loadConfig } from '@pft/platform';
import { announcePartnerReadChange, partnerReadRevisionKey } from '@pft/totals';
import { mintPilotToken } from '@pft/logbook/pilot-auth/pilot-jwt';
import { applyPilotTotalsBatch } from '@pft/totals/projection/pilot-totals.batch';
import { readPilotTotals } from '@pft/totals/read/pilot-totals.read-model';
import {
  createTestDatabase,
  randomFlight,
  randomStartingTotals,
  seededRandom,
  type TestDatabase,
} from '@pft/testing';
import { oracleTotals } from '@pft/testing/oracle';
import { createIngestionApp } from '../../apps/ingestion/src/ingestion-app';
import { IngestionConfig } from '../../apps/ingestion/src/ingestion.config';
import { bearer } from './partner-api.expectations';
import { partnerWithKey, type TestPartner } from './partner-api.factories';
import { startPartnerApi, type PartnerApiUnderTest } from './partner-api.harness';

/** An event as the relay reads it from the outbox (its send mark aside), read here from the events table. */
type StoredEvent = Omit<OutboxRow, 'sent_at_ms' | 'sent_token'>;

/**
 * A linked pilot the projection has no row for is answered live, from the write side. When the
 * projector's first row for that pilot appears it may hold only part of the logbook (the projector is
 * behind); a partner who was already answered the whole logbook must not be taken back to that older
 * state. The projector's part is played here by the projection's own batch code, fed the pilot's
 * stored events one prefix at a time, so the row is behind exactly when the test says.
 */
describe('partner reads never go back to an older state of a pilot', () => {
  const secret = 'monotonic-reads-secret-long-enough-for-hs256';
  let db: TestDatabase;
  let api: PartnerApiUnderTest;
  let ingestion: NestFastifyApplication;
  let partner: TestPartner;

  beforeAll(async () => {
    db = await createTestDatabase();
    // The pilot app API alone, its relay off: nothing is projected unless the test projects it.
    Object.assign(process.env, {
      DATABASE_URL: db.url,
      DATABASE_POOL_SIZE: '3',
      RELAY_ENABLED: 'false',
      JWT_SECRET: secret,
      LOG_LEVEL: 'warn',
    });
    ingestion = await createIngestionApp(loadConfig(IngestionConfig));
    await ingestion.init();
    await ingestion.getHttpAdapter().getInstance().ready();
    // Answers kept a minute: a kept answer given where it must not be shows whatever the timing.
    api = await startPartnerApi({ JWT_SECRET: secret, PARTNER_TOTALS_CACHE_MS: '60000' }, db);
    partner = await partnerWithKey(api.db);
  });

  afterAll(async () => {
    await api?.close();
    await ingestion?.close();
    await db?.drop();
  });

  /**
   * Feeds the pilot's stored events up to `throughVersion` to the projection, as one batch of its
   * partition (each test's pilot its own: the projection skips offsets it has applied); `told`: whether
   * the announcement that follows it gets through to Redis.
   */
  async function project(
    pilotAccountId: string,
    throughVersion: number,
    { partition = 0, told = true } = {},
  ): Promise<void> {
    const events = await api.db.query<StoredEvent[]>(
      `select position::text, event_id::text, stream_id, stream_version, type, schema_version,
              payload->>'pilot_account_id' as pilot_account_id, payload::text as payload_json,
              metadata::text as metadata_json,
              to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as occurred_at
         from events where stream_id = $1 and stream_version <= $2 order by stream_version`,
      [logbookStreamId(pilotAccountId), throughVersion],
    );
    const messages = events.map((e, offset) => ({
      offset: String(offset),
      key: Buffer.from(pilotAccountId),
      value: encodeEventMessageJson(
        { ...e, version: e.schema_version, position: e.position },
        e.payload_json,
        e.metadata_json,
      ),
    }));
    await api.db.transaction((tx) =>
      applyPilotTotalsBatch(tx, { version: 1, topic: 'monotonic-reads', partition }, messages),
    );
    // As the projector does after a batch that changed the tables.
    if (told) await announcePartnerReadChange(api.redis, api.redisPrefix);
  }

  /** Redis restarted empty: the partner read revision is gone with every other key. */
  const redisLosesItsKeys = () => api.redis.del(partnerReadRevisionKey(api.redisPrefix));

  const read = (pilotId: string) =>
    api.http().get('/v1/pilot-totals').query({ pilot_id: pilotId }).set(bearer(partner.key));

  const totalsOf = (body: { data: Record<string, unknown> }) => {
    const { pilot_id: _id, last_updated: _at, ...totals } = body.data;
    return totals;
  };

  /** A pilot linked to the partner, with starting totals and two flights: versions 1 to 3 of its logbook. */
  async function linkedPilot(seed: number) {
    const random = seededRandom(seed);
    const pilotAccountId = randomUUID();
    const token = mintPilotToken(secret, pilotAccountId, 600);
    const pilotApp = (method: 'post' | 'put', path: string, body?: object) =>
      request(ingestion.getHttpServer())
        [method](`/pilot/v1${path}`)
        .set('Authorization', `Bearer ${token}`)
        .send(body);

    const issued = await pilotApp('post', '/linking-codes');
    const linked = await api
      .http()
      .post('/v1/link')
      .set(bearer(partner.key))
      .send({ linking_token: issued.body.data.linking_token });
    expect(linked.status).toBe(200);
    const pilotId: string = linked.body.data.pilot_id;

    // Three logbook events: versions 1 to 3 of the pilot's logbook stream.
    const starting = randomStartingTotals(random);
    const flights = [randomFlight(random), randomFlight(random)];
    expect((await pilotApp('put', '/starting-totals', starting)).status).toBe(200);
    for (const flight of flights) expect((await pilotApp('post', '/flights', flight)).status).toBe(201);
    const whole = oracleTotals({ flights, starting });
    const firstOnly = oracleTotals({ flights: [], starting });
    expect(firstOnly).not.toEqual(whole);
    return { pilotAccountId, pilotId, whole, firstOnly };
  }

  it('goes on answering live until the projection has caught up with what was answered', async () => {
    const { pilotAccountId, pilotId, whole, firstOnly } = await linkedPilot(7);

    // No row yet: computed live, the whole logbook, and the version answered recorded.
    const live = await read(pilotId);
    expect(live.status).toBe(200);
    expect(totalsOf(live.body)).toEqual(whole);
    const [recorded] = await api.db.query<{ stream_version: number }[]>(
      'select stream_version from live_answers where connection_id = $1',
      [pilotId],
    );
    expect(recorded?.stream_version).toBe(3);

    // The projector's first row holds the first event only: behind what the partner was answered.
    await project(pilotAccountId, 1);
    const row = (await readPilotTotals(api.db, [pilotAccountId])).get(pilotAccountId);
    expect(row?.totals).toEqual(firstOnly);
    for (let i = 0; i < 3; i++) {
      const again = await read(pilotId);
      expect({ status: again.status, totals: totalsOf(again.body) }).toEqual({ status: 200, totals: whole });
    }

    // Caught up: answered from the projection (its last_updated, not the time of the read).
    await project(pilotAccountId, 3);
    const projected = (await readPilotTotals(api.db, [pilotAccountId])).get(pilotAccountId)!;
    expect(projected.totals).toEqual(whole);
    const caughtUp = await read(pilotId);
    expect(caughtUp.body.data).toEqual({
      pilot_id: pilotId,
      last_updated: projected.lastUpdated.toISOString(),
      ...whole,
    });
    const batch = await api
      .http()
      .get('/v1/pilot-totals/batch')
      .query({ pilot_ids: pilotId })
      .set(bearer(partner.key));
    expect(batch.body.data.pilots).toEqual([caughtUp.body.data]);
  });

  // After Redis restarted empty, a projector batch may commit before any announcement gets through
  // (the projector was failing to tell Redis while it was away). Another replica, with nothing kept,
  // reads that batch's row; this one must not answer from before it.
  it('reuses nothing kept once Redis lost the read revision, until a change is announced again', async () => {
    const { pilotAccountId, pilotId, whole, firstOnly } = await linkedPilot(8);
    await project(pilotAccountId, 1, { partition: 1 });
    expect(totalsOf((await read(pilotId)).body)).toEqual(firstOnly);

    await redisLosesItsKeys();
    expect(totalsOf((await read(pilotId)).body)).toEqual(firstOnly);
    await project(pilotAccountId, 3, { partition: 1, told: false });
    expect(totalsOf((await read(pilotId)).body)).toEqual(whole);
  });

  // A replica keeps an answer under the revision it read; Redis restarts empty and the first
  // announcement after it creates the revision again: never with a value an answer was kept under.
  it('never takes a revision created again after Redis lost it for one an answer was kept under', async () => {
    const { pilotAccountId, pilotId, whole, firstOnly } = await linkedPilot(9);
    await redisLosesItsKeys();
    await project(pilotAccountId, 1, { partition: 2 });
    expect(totalsOf((await read(pilotId)).body)).toEqual(firstOnly);

    await redisLosesItsKeys();
    await project(pilotAccountId, 3, { partition: 2 });
    expect(totalsOf((await read(pilotId)).body)).toEqual(whole);
  });
});
