/**
 * An erasure reaches a process that was never told of it within the minute (pilot web app 4): a
 * projector that read the pilot's key and was frozen behind the pilot's later events resumes after
 * DELETE /pilot/v1/account, with the relay down so that AccountErased has not reached the topic
 * (nothing tells it of the erasure but the key's row, gone). It must read those events as erased, not
 * open them with the key it held. It resumes once every reader must read the row of a key it read
 * before the request again before using it (DATA_KEY_CONFIRM_MS, 10 s, docs/privacy.md), with a
 * margin, and never later than the minute: a key it may not use then it may not use a minute on either,
 * and a process that still opens the payloads then fails here as one past the minute would. Runs the
 * tests' build: `npm run build:test` first.
 */
import { randomUUID } from 'node:crypto';
import { mintPilotToken } from '@pft/logbook/pilot-auth/pilot-jwt';
import { DEVELOPMENT_JWT_SECRET } from '@pft/logbook/pilot-auth/pilot-token-production-rules';
import { createDataSource } from '@pft/platform';
import { DATA_KEY_CONFIRM_MS } from '@pft/privacy/crypto/data-keys';
import { readPilotTotals } from '@pft/totals';
import {
  type AppProcess,
  createServiceEnv,
  type ServiceEnv,
  startAppProcess,
  startedTogether,
  testKafka,
  waitFor,
} from '@pft/testing';
import { type DataSource } from 'typeorm';
import { call } from '../webhooks/webhooks.harness';
import { untilErasureCompleted } from './account-erasure.support';

/** The promise of pilot web app 4: no process opens the pilot's payloads later than this after the request. */
const ERASURE_PROMISE_MS = 60_000;
/**
 * When the frozen projector resumes, after the request: once every key it read before the request is
 * due to have its row read again (DATA_KEY_CONFIRM_MS), with 5 s to spare, and within the promise.
 */
const RESUME_AFTER_MS = Math.min(ERASURE_PROMISE_MS, DATA_KEY_CONFIRM_MS + 5_000);

const flight = () => ({
  flight_id: randomUUID(),
  date: '2026-05-01',
  kind: 'flight',
  aircraft: { category: 'airplane', rating_key: 'sep_land', registration: 'D-EFGH' },
  departure: 'EDDF',
  arrival: 'EDDM',
  minutes: { total_flight_time: 60, pic: 60, single_engine: 60 },
  landings: { day: 1, night: 0 },
});

describe('an erasure reaches a process never told of it within the minute (e2e)', () => {
  let service: ServiceEnv;
  let db: DataSource;
  /** The ingestion app that relays the outbox, and the projector frozen behind the pilot's events. */
  let relaying: AppProcess;
  let projector: AppProcess;
  /** The pilot app API without a relay: the relay runs in the other ingestion process. */
  let api: AppProcess;
  const erased = { id: randomUUID(), token: '' };
  const other = { id: randomUUID(), token: '' };
  erased.token = mintPilotToken(DEVELOPMENT_JWT_SECRET, erased.id, 3600);
  other.token = mintPilotToken(DEVELOPMENT_JWT_SECRET, other.id, 3600);
  const pilotApi = (pilot: { token: string }, method: string, path: string, body?: unknown) =>
    call<any>(`${api.url}${path}`, method, pilot.token, body);
  const record = async (pilot: { token: string }) =>
    expect((await pilotApi(pilot, 'POST', '/pilot/v1/flights', flight())).status).toBe(201);
  const projectedCount = async (pilot: { id: string }) =>
    (await readPilotTotals(db, [pilot.id])).get(pilot.id)?.totals.flight_count;

  beforeAll(async () => {
    const kafka = testKafka('pft-erasure-every-process');
    service = await createServiceEnv(kafka, 'erasure-every-process');
    try {
      [relaying, projector, api] = await startedTogether([
        startAppProcess('ingestion', service.env),
        startAppProcess('projector', service.env),
        startAppProcess('ingestion', { ...service.env, RELAY_ENABLED: 'false' }),
      ]);
    } catch (err) {
      await service.drop();
      throw err;
    }
    db = await createDataSource(service.db.url, 2).initialize();
  }, 120_000);

  afterAll(async () => {
    projector?.child.kill('SIGCONT');
    await Promise.all([api?.stop(), relaying?.stop(), projector?.stop()]);
    await db?.destroy();
    await service?.drop();
  });

  it('a projector frozen with the pilot’s key reads the pilot’s later events as erased once it resumes', async () => {
    await record(erased);
    // Projected: the projector read the pilot's key and keeps it.
    await waitFor(
      async () => ((await projectedCount(erased)) === 1 ? true : undefined),
      60_000,
      'projected',
      200,
    );
    projector.child.kill('SIGSTOP');
    for (let i = 0; i < 3; i++) await record(erased);
    await record(other);
    await waitFor(
      async () => {
        const [{ n }] = await db.query(`select count(*)::int as n from event_outbox`);
        return n === 0 ? true : undefined;
      },
      30_000,
      'the flights published',
      100,
    );
    // AccountErased stays in the outbox: the frozen projector can learn of the erasure from nothing else.
    await relaying.stop('SIGKILL');
    const asked = Date.now();
    expect((await pilotApi(erased, 'DELETE', '/pilot/v1/account')).status).toBe(202);
    await untilErasureCompleted(api.url, erased, 'the erasure to complete');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, asked + RESUME_AFTER_MS - Date.now())));
    projector.child.kill('SIGCONT');
    // The other pilot's flight, published with the erased pilot's, is projected: the projector read on.
    await waitFor(
      async () => ((await projectedCount(other)) === 1 ? true : undefined),
      60_000,
      'resumed',
      200,
    );
    const admin = testKafka('erasure-every-process-offsets').admin();
    await admin.connect();
    const ends = await admin.fetchTopicOffsets(service.topics[0]);
    await admin.disconnect();
    const published = ends.reduce((sum, o) => sum + Number(o.high), 0);
    await waitFor(
      async () => {
        const [{ n }] = await db.query(
          `select coalesce(sum(o.next_offset), 0)::int as n from projection_offsets o
             join projection_versions v on v.projection = o.projection and v.active_version = o.version`,
        );
        return n === published ? true : undefined;
      },
      60_000,
      'every published event read by the projector',
      200,
    );
    // Read as erased: not folded into the pilot's rows (deleted by the erasure), not dead-lettered.
    expect(await projectedCount(erased)).toBeUndefined();
    const [{ n }] = await db.query(
      `select count(*)::int as n from projection_dead_letters where pilot_account_id = $1`,
      [erased.id],
    );
    expect(n).toBe(0);
  }, 240_000);
});
