/**
 * Webhook delivery under steady writes (support/steady-writes.ts), beside their freshness: per write,
 * from its answer to the first `pilot_totals.updated` for its pilot, signature checked, whose
 * `last_updated` is at or after the write's `occurred_at` (one write per pilot is in flight, so no
 * earlier notice can carry such a time). Settings: BENCH_RATE (20), BENCH_SECONDS (30), BENCH_PILOTS
 * (20), WEBHOOK_TOTALS_COALESCE_MS (0). Writes bench/results/webhooks.json.
 */
import { EventEmitter } from 'node:events';
import { createDataSource } from '@pft/platform';
import { rowsOf } from '@pft/platform/database/rows-of';
import { startReceiver, verifySignature } from '../../test/webhooks/webhook-receiver';
import { benchmark, BenchRun, latencySummary } from '../support/bench-run';
import {
  type BenchPilot,
  startSteadyPartner,
  steadyLoad,
  steadyWrites,
  writeAndRead,
} from '../support/steady-writes';

const { RATE, SECONDS, PILOTS } = steadyLoad();
const COALESCE_MS = process.env.WEBHOOK_TOTALS_COALESCE_MS ?? '0';
const NOTICE_TIMEOUT_MS = 60_000;

/** The `pilot_totals.updated` notices received per partner pilot_id, in arrival order (performance.now()). */
class Notices extends EventEmitter {
  private readonly byPilot = new Map<string, { at: number; lastUpdated: number }[]>();

  add(pilotId: string, lastUpdated: string): void {
    const list = this.byPilot.get(pilotId) ?? [];
    list.push({ at: performance.now(), lastUpdated: Date.parse(lastUpdated) });
    this.byPilot.set(pilotId, list);
    this.emit(pilotId);
  }

  /** When the first notice for `pilotId` with `last_updated` at or after `occurredMs` arrived. */
  firstIncluding(pilotId: string, occurredMs: number): Promise<number | undefined> {
    const find = () => this.byPilot.get(pilotId)?.find((n) => n.lastUpdated >= occurredMs)?.at;
    return new Promise((resolve) => {
      const check = () => {
        const at = find();
        if (at === undefined) return;
        clearTimeout(timer);
        this.off(pilotId, check);
        resolve(at);
      };
      const timer = setTimeout(() => {
        this.off(pilotId, check);
        resolve(undefined);
      }, NOTICE_TIMEOUT_MS);
      this.on(pilotId, check);
      check();
    });
  }
}

benchmark(
  `webhook delivery at ${RATE} writes/s for ${SECONDS} s`,
  new BenchRun('webhooks'),
  async (bench) => {
    const failures: string[] = [];
    const notices = new Notices();
    notices.setMaxListeners(0);
    let secret = '';
    let verified = 0;
    const receiver = await startReceiver(() => {
      const received = receiver.received[receiver.received.length - 1]!;
      try {
        verifySignature(secret, received);
        verified += 1;
      } catch (err) {
        failures.push(`a delivery's signature did not verify: ${String(err)}`);
        return 400;
      }
      const { type, data } = received.event;
      if (type === 'pilot_totals.updated') notices.add(data.pilot_id!, data.last_updated!);
      return 200;
    });
    bench.defer(() => receiver.close());

    const { db, urls, key, pilots } = await startSteadyPartner(
      bench,
      'webhooks',
      {
        scopes: ['pilot-totals', 'webhooks'],
        pilots: PILOTS,
        beforeLinking: async (key, { partnerApi }) => {
          const created = await fetch(`${partnerApi}/v1/webhook-endpoints`, {
            method: 'POST',
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
            body: JSON.stringify({ url: receiver.url }),
          });
          secret = ((await created.json()) as { data: { secret: string } }).data.secret;
        },
      },
      {
        webhooks: true,
        env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_TOTALS_COALESCE_MS: COALESCE_MS },
      },
    );

    const events = await createDataSource(db.url, 2).initialize();
    bench.defer(() => events.destroy());
    /**
     * The write's occurred_at in milliseconds, as a notice's `last_updated` gives it: the flight's
     * `recorded_at`, the same transaction time (the event's payload is sealed, so not searched).
     */
    const occurredMs = async (flightId: string): Promise<number> => {
      const [row] = rowsOf<{ ms: number }>(
        await events.query(
          `select floor(extract(epoch from recorded_at) * 1000)::float8 as ms from flights where flight_id = $1`,
          [flightId],
        ),
      );
      return row!.ms;
    };

    const freshness: number[] = [];
    const delivery: number[] = [];
    const deliveryOf = async (pilot: BenchPilot, flightId: string, answered: number): Promise<void> => {
      const arrived = await notices.firstIncluding(pilot.pilotId, await occurredMs(flightId));
      if (arrived === undefined) failures.push(`no pilot_totals.updated within ${NOTICE_TIMEOUT_MS} ms`);
      else delivery.push(arrived - answered);
    };
    const measureOne = (pilot: BenchPilot): Promise<void> =>
      writeAndRead(urls, key, pilot, { freshness, failures }, (flightId, answered) =>
        deliveryOf(pilot, flightId, answered),
      );
    await steadyWrites(RATE, SECONDS, pilots, measureOne, failures);

    const result = {
      load: { writes_per_second: RATE, seconds: SECONDS, pilots: PILOTS },
      settings: {
        WEBHOOK_TOTALS_COALESCE_MS: Number(COALESCE_MS),
        WEBHOOK_POLL_INTERVAL_MS: Number(process.env.WEBHOOK_POLL_INTERVAL_MS ?? 200),
      },
      writes_measured: delivery.length,
      deliveries_verified: verified,
      failures: failures.length,
      failure_examples: [...new Set(failures)].slice(0, 5),
      delivery_ms: latencySummary(delivery),
      freshness_ms: latencySummary(freshness),
      goal: { delivery_p99_ms_below: 1000 },
    };
    bench.write(result, result);
    expect(failures).toEqual([]);
    expect(delivery.length).toBe(RATE * SECONDS);
    expect(freshness.length).toBe(RATE * SECONDS);
  },
);
