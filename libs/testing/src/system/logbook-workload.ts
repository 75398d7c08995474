import { randomUUID } from 'node:crypto';
import { type Flight, type StartingTotals, zeroFlightMinutes } from '@pft/contracts';
import { mintPilotToken } from '@pft/logbook/pilot-auth/pilot-jwt';
import { seededRandom } from '../hostile/hostile-mixer';
import { sendWithBearer } from '../app-answers';
import { PilotModel } from './pilot-model';

export interface WorkloadPilot {
  accountId: string;
  token: string;
  /** The partner's `pilot_id` for this pilot. */
  pilotId: string;
  model: PilotModel;
}

const RATINGS = [
  'sep_land',
  'mep_land',
  'set_land',
  'tmg',
  'type_a320',
  'type_b737_300_900',
  'type_atr_42_72',
];

const zero = zeroFlightMinutes;

/** A flight the pilot-app rules accept, every minutes field present (as the service stores it). */
export function randomFlight(random: () => number, flightId: string = randomUUID()): Flight {
  const int = (n: number): number => Math.floor(random() * n);
  const day = new Date(Date.UTC(2015, 0, 1) + int(3900) * 86_400_000).toISOString().slice(0, 10);
  const roll = random();
  if (roll < 0.1) {
    return {
      flight_id: flightId,
      date: day,
      kind: 'simulator',
      aircraft: { category: 'airplane' },
      minutes: { ...zero(), simulator: 30 + int(200) },
      landings: { day: 0, night: 0 },
    };
  }
  const total = 20 + int(400);
  const category = roll < 0.8 ? 'airplane' : roll < 0.88 ? 'helicopter' : roll < 0.95 ? 'sailplane' : 'other';
  const pic = int(2) ? total : 0;
  return {
    flight_id: flightId,
    date: day,
    kind: 'flight',
    aircraft:
      category === 'airplane'
        ? { category, rating_key: RATINGS[int(RATINGS.length)]!, registration: 'D-EABC' }
        : { category },
    minutes: {
      ...zero(),
      total_flight_time: total,
      pic,
      sic: pic ? 0 : int(total + 1),
      night: int(total + 1),
      cross_country: int(2) ? total : 0,
      actual_instrument: int(Math.floor(total / 2) + 1),
      simulated_instrument: int(Math.floor(total / 2) + 1),
      single_engine: int(2) ? total : 0,
      multi_pilot: int(total + 1),
    },
    landings: { day: int(5), night: int(3) },
  };
}

export function randomStartingTotals(random: () => number): StartingTotals {
  const int = (n: number): number => Math.floor(random() * n);
  return {
    totals: {
      total_flight_time_minutes: int(50_000),
      pic_minutes: int(20_000),
      sic_minutes: int(20_000),
      dual_minutes: int(5_000),
      instructor_minutes: int(1_000),
      cross_country_minutes: int(10_000),
      night_minutes: int(5_000),
      actual_instrument_minutes: int(3_000),
      simulated_instrument_minutes: int(3_000),
      single_engine_minutes: int(20_000),
      multi_engine_minutes: int(20_000),
      multi_pilot_minutes: int(20_000),
      simulator_minutes: int(2_000),
    },
    landings: { total_day: int(2_000), total_night: int(300) },
    rating_breakdown: int(2) ? { sep_land: int(10_000) + 1, type_a320: int(20_000) + 1 } : {},
    flight_count: int(1_000),
  };
}

interface Answer {
  status: number;
  /** The error's code, for an answer in the error envelope. */
  code?: string;
}

async function send(method: string, url: string, token: string, body?: unknown): Promise<Answer> {
  const { status, text } = await sendWithBearer(method, url, token, body);
  if (status < 400) return { status };
  try {
    return { status, code: (JSON.parse(text) as { error?: { code?: string } }).error?.code };
  } catch {
    return { status };
  }
}

/**
 * A write that failed (answered other than its contract says, or never answered after its retries):
 * the pilot's model may now hold a change the service does not.
 */
export class LogbookWriteFailed extends Error {
  constructor(
    message: string,
    /** The partner's `pilot_id` of the pilot written to. */
    readonly pilotId: string,
  ) {
    super(`${message} (pilot ${pilotId})`);
  }
}

/** What retrying writes after error answers came to, for a test to check and print. */
export interface RetryLog {
  /** Error answers (5xx) and lost connections, each followed by the same request again. */
  errorAnswers: number;
  /** Of those, answers saying the write's outcome could not be known (503 WRITE_OUTCOME_UNKNOWN). */
  outcomeUnknown: number;
  /** Answers after a retry that did not fit the write's contract, with the request. */
  unexplained: string[];
}

export const newRetryLog = (): RetryLog => ({ errorAnswers: 0, outcomeUnknown: 0, unexplained: [] });

/**
 * Sends a write until it is answered other than 5xx, the same request each time, as the pilot app
 * API's description tells a client to. A 503 means the write was not recorded, so the retry must
 * answer as the first attempt would have (`expected`); only after WRITE_OUTCOME_UNKNOWN may it find
 * the write already done (`alreadyDone`: 200 for a flight recorded, 404 for a flight deleted).
 */
async function sendRetried(
  request: () => Promise<Answer>,
  expected: number,
  alreadyDone: number,
  log: RetryLog,
  what: string,
): Promise<number> {
  let unknown = false;
  for (let attempt = 1; ; attempt++) {
    const answer: Answer = await request().catch(() => ({ status: 0 }));
    if (answer.status !== 0 && answer.status < 500) {
      if (attempt > 1 && answer.status !== expected && !(unknown && answer.status === alreadyDone))
        log.unexplained.push(`${what}: ${answer.status} after ${attempt - 1} error answers`);
      return answer.status === alreadyDone && unknown ? expected : answer.status;
    }
    log.errorAnswers += 1;
    // A connection lost before the answer (the replica killed) leaves the outcome open as well.
    if (answer.status === 0) unknown = true;
    if (answer.code === 'WRITE_OUTCOME_UNKNOWN') {
      log.outcomeUnknown += 1;
      unknown = true;
    }
    if (attempt >= 200) throw new Error(`${what}: still ${answer.status} after ${attempt} attempts`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Pilots with linking codes redeemed by the partner whose key is given. */
export async function linkedPilots(
  urls: { ingestion: string; partnerApi: string },
  partnerKey: string,
  jwtSecret: string,
  count: number,
): Promise<WorkloadPilot[]> {
  const pilots: WorkloadPilot[] = [];
  for (let i = 0; i < count; i++) {
    const accountId = randomUUID();
    const token = mintPilotToken(jwtSecret, accountId, 7200);
    const issued = await fetch(`${urls.ingestion}/pilot/v1/linking-codes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    const code = ((await issued.json()) as { data: { linking_token: string } }).data.linking_token;
    const linked = await fetch(`${urls.partnerApi}/v1/link`, {
      method: 'POST',
      headers: { authorization: `Bearer ${partnerKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ linking_token: code }),
    });
    const pilotId = ((await linked.json()) as { data: { pilot_id: string } }).data.pilot_id;
    pilots.push({ accountId, token, pilotId, model: new PilotModel() });
  }
  return pilots;
}

/**
 * Runs `operations` random logbook changes through the ingestion API, one pilot at a time per
 * worker: records, amendments (moving rating keys, categories, dates), deletions, imports and
 * starting totals, to one ingestion replica or to the one `ingestionUrl()` names for each request.
 * Throws on any answer other than the contract's success; with `retry`, first sends a write again after
 * every error answer (sendRetried) and logs what the retries came to.
 */
export async function runLogbookWorkload(
  ingestionUrl: string | (() => string),
  pilots: WorkloadPilot[],
  operations: number,
  seed: number,
  workers = 4,
  retry?: RetryLog,
): Promise<void> {
  const random = seededRandom(seed);
  const base = typeof ingestionUrl === 'string' ? () => ingestionUrl : ingestionUrl;
  const call = (method: string, path: string, pilot: WorkloadPilot, expected: number, body?: unknown) => {
    const once = () => send(method, `${base()}/pilot/v1${path}`, pilot.token, body);
    const alreadyDone = method === 'POST' && path === '/flights' ? 200 : method === 'DELETE' ? 404 : expected;
    const sent = retry
      ? sendRetried(once, expected, alreadyDone, retry, `${method} ${path}`)
      : once().then((a) => a.status);
    return sent.catch((err: unknown) => {
      throw new LogbookWriteFailed(`${method} ${path}: ${(err as Error).message}`, pilot.pilotId);
    });
  };
  let left = operations;
  const worker = async (mine: WorkloadPilot[]): Promise<void> => {
    while (left > 0) {
      left -= 1;
      const pilot = mine[Math.floor(random() * mine.length)]!;
      const { model } = pilot;
      const existing = [...model.flights.keys()];
      const roll = random();
      let expected: number;
      let status: number;
      if (roll < 0.15 && existing.length > 0) {
        const id = existing[Math.floor(random() * existing.length)]!;
        const amended = randomFlight(random, id);
        model.change((m) => m.flights.set(id, amended));
        [expected, status] = [200, await call('PUT', `/flights/${id}`, pilot, 200, amended)];
      } else if (roll < 0.25 && existing.length > 0) {
        const id = existing[Math.floor(random() * existing.length)]!;
        model.change((m) => m.flights.delete(id));
        [expected, status] = [204, await call('DELETE', `/flights/${id}`, pilot, 204)];
      } else if (roll < 0.3) {
        const flights = Array.from({ length: 5 + Math.floor(random() * 30) }, () => randomFlight(random));
        model.change((m) => flights.forEach((f) => m.flights.set(f.flight_id, f)));
        [expected, status] = [201, await call('POST', '/flights/import', pilot, 201, { flights })];
      } else if (roll < 0.36) {
        const starting = randomStartingTotals(random);
        model.change((m) => (m.starting = starting));
        [expected, status] = [200, await call('PUT', '/starting-totals', pilot, 200, starting)];
      } else {
        const flight = randomFlight(random);
        model.change((m) => m.flights.set(flight.flight_id, flight));
        [expected, status] = [201, await call('POST', '/flights', pilot, 201, flight)];
      }
      if (status !== expected)
        throw new LogbookWriteFailed(`ingestion answered ${status}, expected ${expected}`, pilot.pilotId);
      model.acknowledge();
    }
  };
  const shares = Array.from({ length: workers }, (_, w) => pilots.filter((_, i) => i % workers === w));
  // Every worker has stopped before a failure is thrown: none is still writing when the caller goes on.
  const ended = await Promise.allSettled(shares.filter((s) => s.length > 0).map(worker));
  const failed = ended.find((e): e is PromiseRejectedResult => e.status === 'rejected');
  if (failed) throw failed.reason;
}
