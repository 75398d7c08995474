import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import {
  flightBodyArb,
  logbookHistory,
  startingTotalsArb,
  type LogbookIntent,
  type PilotHistory,
} from '@pft/testing/oracle';

/** A small fast generator (mulberry32): a million events from fast-check itself take minutes. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Valid logbook histories for the benchmark, mostly recordings like a real logbook (80 %
 * recordings, 10 % amendments, 7 % deletions, 3 % starting totals), drawn from pools of
 * fast-check flights so every record is as valid as in the property tests.
 */
export function benchHistories(pilots: number, eventsPerPilot: number, seed: number): PilotHistory[] {
  const flights = fc.sample(flightBodyArb, { seed, numRuns: 2000 });
  const startings = fc.sample(startingTotalsArb, { seed, numRuns: 100 });
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const histories: PilotHistory[] = [];
  for (let p = 0; p < pilots; p += 1) {
    const pilotId = randomUUID();
    const intents: LogbookIntent[] = [];
    // A few spare intents: an amendment or deletion drawn before any flight exists yields no event.
    while (intents.length < eventsPerPilot + 10) {
      const r = next();
      const n = Math.floor(next() * 1_000_000);
      if (r < 0.8) intents.push({ op: 'record', flight: pick(flights), id: randomUUID() });
      else if (r < 0.9) intents.push({ op: 'amend', flight: pick(flights), pick: n });
      else if (r < 0.97) intents.push({ op: 'delete', pick: n });
      else intents.push({ op: 'starting', starting: pick(startings) });
    }
    histories.push({ pilotId, events: logbookHistory(pilotId, intents).slice(0, eventsPerPilot) });
  }
  return histories;
}
