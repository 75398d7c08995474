/**
 * Event-to-read freshness under a steady write load: the three apps run as separate processes
 * against the real stack; pilots record flights through the ingestion API at a steady rate, and
 * after each write returns, a partner polls the single read until it shows that write. The time
 * from the write's answer to the first read that shows it is the freshness of that write.
 *
 *   BENCH_RATE=20 BENCH_SECONDS=30 npx jest bench/freshness --selectProjects bench
 *
 * The result goes to bench/results/freshness.json.
 */
import { randomUUID } from 'node:crypto';
import { createDataSource } from '@pft/platform';
import { createPartner, issueApiKey } from '@pft/access/api-keys';
import { mintPilotToken } from '@pft/access/pilot-auth/pilot-jwt';
import { testKafka } from '@pft/testing';
import { benchmark, benchSetting, BenchRun } from '../support/bench-run';

const RATE = benchSetting('RATE', 20);
const SECONDS = benchSetting('SECONDS', 30);
const PILOTS = benchSetting('PILOTS', 20);
const SECRET = 'freshness-bench-secret-of-enough-length';

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

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

interface Pilot {
  token: string;
  pilotId: string;
  written: number;
}

benchmark(`freshness at ${RATE} writes/s for ${SECONDS} s`, new BenchRun('freshness'), async (bench) => {
  const kafka = testKafka('pft-bench-freshness');
  const db = await bench.database();
  const topic = await bench.topic(kafka, 'freshness', 12);
  const env = { DATABASE_URL: db.url, JWT_SECRET: SECRET, PILOT_EVENTS_TOPIC: topic, LOG_LEVEL: 'warn' };
  const [ingestion, , partnerApi] = await Promise.all([
    bench.app('ingestion', env),
    bench.app('projector', env),
    bench.app('partner-api', env),
  ]);

  const dataSource = await createDataSource(db.url, 1).initialize();
  const partner = await createPartner(dataSource, 'Freshness Bench');
  const { key } = await issueApiKey(dataSource, {
    partnerId: partner.partnerId,
    scopes: ['pilot-totals'],
    rateLimit: 10_000_000,
  });
  await dataSource.destroy();

  const pilots: Pilot[] = [];
  for (let i = 0; i < PILOTS; i++) {
    const token = mintPilotToken(SECRET, randomUUID(), 7200);
    const issued = await fetch(`${ingestion.url}/pilot/v1/linking-codes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    const { data } = (await issued.json()) as { data: { linking_token: string } };
    const linked = await fetch(`${partnerApi.url}/v1/link`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ linking_token: data.linking_token }),
    });
    const { data: link } = (await linked.json()) as { data: { pilot_id: string } };
    pilots.push({ token, pilotId: link.pilot_id, written: 0 });
  }

  const today = new Date().toISOString().slice(0, 10);
  const freshness: number[] = [];
  const failures: string[] = [];
  const measureOne = async (pilot: Pilot): Promise<void> => {
    const response = await fetch(`${ingestion.url}/pilot/v1/flights`, {
      method: 'POST',
      headers: { authorization: `Bearer ${pilot.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(flight(today)),
    });
    if (response.status !== 201) {
      failures.push(`write answered ${response.status}`);
      return;
    }
    const written = ++pilot.written;
    const answered = performance.now();
    for (;;) {
      const read = await fetch(`${partnerApi.url}/v1/pilot-totals?pilot_id=${pilot.pilotId}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      const body = (await read.json()) as { data?: { flight_count: number } };
      if ((body.data?.flight_count ?? 0) >= written) break;
      if (performance.now() - answered > 60_000) {
        failures.push('a write was not visible within 60 s');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    freshness.push(performance.now() - answered);
  };

  // One pilot per write at a time, so a pilot's flight count names exactly the writes it has seen.
  const inFlight = new Set<Pilot>();
  const running: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < RATE * SECONDS; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const pilot = pilots.find((p) => !inFlight.has(p));
    if (!pilot) {
      failures.push('every pilot still had a write in flight');
      continue;
    }
    inFlight.add(pilot);
    running.push(measureOne(pilot).finally(() => inFlight.delete(pilot)));
  }
  await Promise.all(running);

  const sorted = [...freshness].sort((a, b) => a - b);
  const result = {
    load: { writes_per_second: RATE, seconds: SECONDS, pilots: PILOTS },
    writes_measured: sorted.length,
    failures: failures.length,
    freshness_ms: {
      p50: percentile(sorted, 50),
      p90: percentile(sorted, 90),
      p99: percentile(sorted, 99),
      max: sorted[sorted.length - 1],
    },
    goal: { p99_ms_below: 250, spec_allows_ms: 300_000 },
  };
  bench.write(result);
  console.log(JSON.stringify(result, null, 2));
  expect(failures).toEqual([]);
  expect(sorted.length).toBe(RATE * SECONDS);
});
