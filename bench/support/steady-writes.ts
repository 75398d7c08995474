import { randomUUID } from 'node:crypto';
import { type issueApiKey } from '@pft/partners';
import { mintPilotToken } from '@pft/logbook/pilot-auth/pilot-jwt';
import { createDataSource } from '@pft/platform';
import { type AppName, type AppProcess, type TestDatabase, testKafka } from '@pft/testing';
import { benchPartner } from '../partner-api/bench-data';
import { benchSetting, type BenchRun } from './bench-run';

/** Steady writes of single flights and the partner reads that show them: freshness, webhooks, memory. */

function flight(date: string): Record<string, unknown> {
  return {
    flight_id: randomUUID(),
    date,
    kind: 'flight',
    aircraft: { category: 'airplane', rating_key: 'sep_land' },
    minutes: { total_flight_time: 60, pic: 60, single_engine: 60 },
    landings: { day: 1, night: 0 },
  };
}

export interface BenchPilot {
  token: string;
  /** The partner's pilot_id. */
  pilotId: string;
  /** Flights written so far (each answered 201). */
  written: number;
}

/** The apps under a steady load, a partner's key and the pilots linked to that partner. */
export interface SteadyPartner {
  db: TestDatabase;
  /** ingestion, projector, partner-api, then webhooks when asked for. */
  apps: AppProcess[];
  urls: { ingestion: string; partnerApi: string };
  key: string;
  pilots: BenchPilot[];
}

/**
 * Starts the apps of the benchmark `name` (processes of their own, on a database and a topic of the
 * run's, with `options.env`), makes a partner with a key of `partner.scopes` and links `partner.pilots`
 * pilots to it by linking codes; `beforeLinking` sets up what the partner needs first (an endpoint).
 */
export async function startSteadyPartner(
  bench: BenchRun,
  name: string,
  partner: {
    scopes: Parameters<typeof issueApiKey>[1]['scopes'];
    pilots: number;
    beforeLinking?: (key: string, urls: SteadyPartner['urls']) => Promise<void>;
  },
  options: { webhooks?: boolean; env?: Record<string, string> } = {},
): Promise<SteadyPartner> {
  const db = await bench.database();
  const topic = await bench.topic(testKafka(`pft-bench-${name}`), name, 12);
  const secret = `${name}-bench-secret-of-enough-length`;
  const env = { DATABASE_URL: db.url, JWT_SECRET: secret, PILOT_EVENTS_TOPIC: topic, LOG_LEVEL: 'warn' };
  const names: AppName[] = [
    'ingestion',
    'projector',
    'partner-api',
    ...(options.webhooks ? ['webhooks' as const] : []),
  ];
  const apps = await Promise.all(names.map((app) => bench.app(app, { ...env, ...options.env })));
  const urls = { ingestion: apps[0]!.url, partnerApi: apps[2]!.url };
  const dataSource = await createDataSource(db.url, 1).initialize();
  const { key } = await benchPartner(dataSource, `${name} bench`, partner.scopes).finally(() =>
    dataSource.destroy(),
  );
  await partner.beforeLinking?.(key, urls);
  const pilots: BenchPilot[] = [];
  for (let i = 0; i < partner.pilots; i++) {
    const token = mintPilotToken(secret, randomUUID(), 7200);
    const issued = await fetch(`${urls.ingestion}/pilot/v1/linking-codes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    const { data } = (await issued.json()) as { data: { linking_token: string } };
    const linked = await fetch(`${urls.partnerApi}/v1/link`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ linking_token: data.linking_token }),
    });
    const { data: link } = (await linked.json()) as { data: { pilot_id: string } };
    pilots.push({ token, pilotId: link.pilot_id, written: 0 });
  }
  return { db, apps, urls, key, pilots };
}

/**
 * The load of the benchmarks that time what follows a write: BENCH_RATE writes a second (default 20)
 * for BENCH_SECONDS (default 30) by BENCH_PILOTS pilots (default 20).
 */
export function steadyLoad(): { RATE: number; SECONDS: number; PILOTS: number } {
  return {
    RATE: benchSetting('RATE', 20),
    SECONDS: benchSetting('SECONDS', 30),
    PILOTS: benchSetting('PILOTS', 20),
  };
}

/** One flight of today recorded for `pilot`: its flight_id, or the failure. */
export async function writeFlight(
  ingestionUrl: string,
  pilot: BenchPilot,
): Promise<{ flightId: string } | { failure: string }> {
  const body = flight(new Date().toISOString().slice(0, 10));
  const response = await fetch(`${ingestionUrl}/pilot/v1/flights`, {
    method: 'POST',
    headers: { authorization: `Bearer ${pilot.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) return { failure: `write answered ${response.status}` };
  pilot.written += 1;
  return { flightId: body.flight_id as string };
}

/**
 * Polls the partner's single read until it shows the pilot's `pilot.written` flights: the time from
 * `answered` (performance.now() at the write's answer) to that read, or the failure after 60 s.
 */
async function untilReadShows(
  partnerApiUrl: string,
  key: string,
  pilot: BenchPilot,
  answered: number,
): Promise<number | { failure: string }> {
  const written = pilot.written;
  for (;;) {
    const read = await fetch(`${partnerApiUrl}/v1/pilot-totals?pilot_id=${pilot.pilotId}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const body = (await read.json()) as { data?: { flight_count: number } };
    if ((body.data?.flight_count ?? 0) >= written) return performance.now() - answered;
    if (performance.now() - answered > 60_000) return { failure: 'a write was not visible within 60 s' };
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/**
 * Writes a flight for `pilot` and waits for the partner read that shows it: the time from the write's
 * answer to that read goes to `into.freshness`, a failure to `into.failures`. `alongside` measures
 * more of the same write (its flight_id, and performance.now() at its answer) while the read waits.
 */
export async function writeAndRead(
  urls: SteadyPartner['urls'],
  key: string,
  pilot: BenchPilot,
  into: { freshness: number[]; failures: string[] },
  alongside?: (flightId: string, answered: number) => Promise<void>,
): Promise<void> {
  const write = await writeFlight(urls.ingestion, pilot);
  if ('failure' in write) return void into.failures.push(write.failure);
  const answered = performance.now();
  const read = async (): Promise<void> => {
    const seen = await untilReadShows(urls.partnerApi, key, pilot, answered);
    if (typeof seen === 'number') into.freshness.push(seen);
    else into.failures.push(seen.failure);
  };
  await Promise.all([read(), alongside?.(write.flightId, answered)]);
}

/** `rate` calls of `fire` a second for `seconds`, each at its time; resolves once every call's promise has. */
export async function atSteadyRate(
  rate: number,
  seconds: number,
  fire: (i: number) => Promise<unknown> | undefined,
): Promise<void> {
  const running = new Set<Promise<unknown>>();
  const started = performance.now();
  for (let i = 0; i < rate * seconds; i++) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const call = fire(i)?.finally(() => running.delete(call!));
    if (call) running.add(call);
  }
  await Promise.all(running);
}

/**
 * `rate` writes a second for `seconds`, each by a pilot with no write in flight (so that what a
 * pilot's reads and notices show names exactly the writes it has seen): `measureOne` writes and
 * measures one, and the pilot is free again when it resolves.
 */
export function steadyWrites(
  rate: number,
  seconds: number,
  pilots: readonly BenchPilot[],
  measureOne: (pilot: BenchPilot) => Promise<void>,
  failures: string[],
): Promise<void> {
  const inFlight = new Set<BenchPilot>();
  return atSteadyRate(rate, seconds, () => {
    const pilot = pilots.find((p) => !inFlight.has(p));
    if (!pilot) return void failures.push('every pilot still had a write in flight');
    inFlight.add(pilot);
    return measureOne(pilot).finally(() => inFlight.delete(pilot));
  });
}
