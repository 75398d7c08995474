/**
 * An erasure reaches a process that was never told of it within the minute (pilot web app 4): a
 * projector that read the pilot's key and was frozen behind the pilot's later events resumes a minute
 * after DELETE /pilot/v1/account, with the relay down so that AccountErased has not reached the topic
 * (nothing tells it of the erasure but the key's row, gone). It must read those events as erased, not
 * open them with the key it held. Runs the tests' build: `npm run build:test` first.
 */
import { randomUUID } from 'node:crypto';
import { mintPilotToken } from '@pft/logbook/pilot-auth/pilot-jwt';
import { DEVELOPMENT_JWT_SECRET } from '@pft/logbook/pilot-auth/pilot-token-production-rules';
import { createDataSource } from '@pft/platform';
import { readPilotTotals } from '@pft/totals';
import {
  type AppProcess,
  type RunningService,
  startAppProcess,
  startService,
  testKafka,
  waitFor,
} from '@pft/testing';
import { type DataSource } from 'typeorm';
import { call } from '../webhooks/webhooks.harness';
import { untilErasureCompleted } from './account-erasure.support';

/** The promise of pilot web app 4: no process opens the pilot's payloads later than this after the request. */
const ERASURE_PROMISE_MS = 60_000;

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
  let service: RunningService;
  let db: DataSource;
  /** The pilot app API without a relay: the relay runs in the service's own ingestion process. */
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
    service = await startService(testKafka('pft-erasure-every-process'), 'erasure-every-process');
    api = await startAppProcess('ingestion', { ...service.env, RELAY_ENABLED: 'false' });
    db = await createDataSource(service.db.url, 2).initialize();
  }, 120_000);

  afterAll(async () => {
    service?.projector.child.kill('SIGCONT');
    await api?.stop();
    await db?.destroy();
    await service?.stop();
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
    service.projector.child.kill('SIGSTOP');
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
    await service.ingestion.stop('SIGKILL');
    const asked = Date.now();
    expect((await pilotApi(erased, 'DELETE', '/pilot/v1/account')).status).toBe(202);
    await untilErasureCompleted(api.url, erased, 'the erasure to complete');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, asked + ERASURE_PROMISE_MS - Date.now())));
    service.projector.child.kill('SIGCONT');
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
