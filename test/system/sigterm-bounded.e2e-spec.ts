import { type AppProcess, waitFor } from '@pft/testing';
import { connection } from '../partner-api/partner-api.factories';
import {
  load,
  READERS,
  sigtermGround,
  sleep,
  startAll,
  stopTimed,
  unwrittenReads,
} from './sigterm-bounded.support';

/** The promise (issue 60): every app has ended within 10 s of SIGTERM, whatever it depends on is doing. */
const STOP_BOUND_MS = 10_000;

type Cut = 'kafka' | 'redis' | 'postgres';

/**
 * Every app (ingestion with its relay, the standalone relay, the projector, the partner API and the
 * webhooks dispatcher) as its own process, under load, with one of its dependencies taken away: Postgres
 * and Redis through TCP proxies of this test's own that let nothing through any more (a network gone
 * silent, the hardest case: nothing is refused, nothing answers), Kafka by killing a broker of this
 * test's own. Each is sent SIGTERM and must have ended within 10 s, and nothing it acknowledged may be
 * lost: every flight answered 201 is in the event store, and every partner read answered 200 is in
 * `partner_reads` or in the partner API's log with its number. One set of processes per dependency
 * cut, the apps started side by side, so the whole file takes under two minutes. The relay publishing
 * (holding the lease) is the ingestion app's with Redis or Kafka gone, the standalone one's with Postgres.
 */
describe('every app stops within 10 s of SIGTERM, whichever dependency is gone', () => {
  const ground = sigtermGround();

  async function recordedReads(pilotId: string): Promise<number> {
    const [row] = await ground.db.query<{ reads: number }[]>(
      `select coalesce(sum(r.reads), 0)::int as reads
         from partner_reads r join connections c on c.pilot_account_id = r.pilot_account_id
        where c.connection_id = $1`,
      [pilotId],
    );
    return row!.reads;
  }

  async function storedFlights(account: string): Promise<Set<string>> {
    const rows = await ground.db.query<{ flight_id: string }[]>(
      'select flight_id::text from flights where pilot_account_id = $1',
      [account],
    );
    return new Set(rows.map((r) => r.flight_id));
  }

  async function cutAndStop(cut: Cut, publisher: 'ingestion' | 'relay'): Promise<void> {
    const { processes, postgres, redis } = await startAll(ground, publisher);
    const [ingestion, , partnerApi] = processes as AppProcess[];
    const { pilotId } = await connection(ground.db, ground.partner.partnerId);
    const traffic = load(ground.partner.key, ingestion!, partnerApi!, pilotId);
    // Under load, with every dependency there, then with one gone for a moment.
    await waitFor(
      () => (traffic.accepted.length >= 5 && traffic.answeredReads() >= 20 ? true : undefined),
      30_000,
      'writes and reads to be answered',
    );
    if (cut === 'postgres') postgres.blackhole();
    if (cut === 'redis') redis.blackhole();
    // The broker crashes: killed, so that its controlled shutdown takes none of the test's time.
    if (cut === 'kafka') process.kill(ground.broker.pid()!, 'SIGKILL');
    await sleep(1500);

    const stops = await Promise.all(processes.map((p) => stopTimed(p)));
    await traffic.stop();
    console.log(
      `${cut} gone, ${publisher} relaying: ${stops.map((s) => `${s.name} ${s.ms} ms (${s.ended})`).join(', ')}`,
    );
    // Nothing acknowledged is lost: each accepted flight is stored, each answered read counted or logged.
    const stored = await storedFlights(traffic.account);
    const recorded = await recordedReads(pilotId);
    const logged = unwrittenReads(partnerApi!);
    console.log(
      `${cut} gone: ${traffic.accepted.length} flights accepted; ${traffic.answeredReads()} reads answered, ` +
        `${recorded} recorded, ${logged} logged as not written`,
    );
    const answered = traffic.answeredReads();
    expect({
      slowerThanPromised: stops.filter((stop) => stop.ms >= STOP_BOUND_MS),
      acceptedNotStored: traffic.accepted.filter((id) => !stored.has(id)),
      answeredReadsNeitherRecordedNorLogged: Math.max(0, answered - recorded - logged),
      // A read counted as it was answered, its answer then cut off by the process's end, is one the test
      // does not see: one per reader at most.
      countedBeyondAnswered: recorded + logged - answered <= READERS,
    }).toEqual({
      slowerThanPromised: [],
      acceptedNotStored: [],
      answeredReadsNeitherRecordedNorLogged: 0,
      countedBeyondAnswered: true,
    });
  }

  it('with Redis gone silent (the ingestion app relaying)', async () => {
    await cutAndStop('redis', 'ingestion');
  }, 120_000);

  it('with Postgres gone silent (the standalone relay relaying)', async () => {
    await cutAndStop('postgres', 'relay');
  }, 120_000);

  it('with the Kafka broker killed (the ingestion app relaying)', async () => {
    await cutAndStop('kafka', 'ingestion');
  }, 120_000);
});
