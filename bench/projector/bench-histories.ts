import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { seededRandom } from '@pft/testing';
import {
  experienceDateArb,
  experienceRecordArb,
  logbookHistory,
  startingTotalsArb,
  type LogbookIntent,
  type PilotHistory,
} from '@pft/testing/oracle';

type FlightBody = Extract<LogbookIntent, { op: 'record' }>['flight'];

/**
 * Flights with the fields of richer records (type designator, engine, features, takeoffs, full-stop
 * landings, approaches, holds), each present or absent as the pilot app accepts them, dated over five
 * years: what the experience sums of a real logbook are made of.
 */
const richerFlightArb: fc.Arbitrary<FlightBody> = experienceDateArb
  .chain(experienceRecordArb)
  .map((record) => record as FlightBody);

/**
 * Valid logbook histories for the benchmark, mostly recordings like a real logbook (80 %
 * recordings, 10 % amendments, 7 % deletions, 3 % starting totals), drawn from pools of
 * fast-check flights so every record is as valid as in the property tests.
 */
export function benchHistories(pilots: number, eventsPerPilot: number, seed: number): PilotHistory[] {
  const flights = fc.sample(richerFlightArb, { seed, numRuns: 2000 });
  const startings = fc.sample(startingTotalsArb, { seed, numRuns: 100 });
  // Drawn from a plain seeded source: a million events from fast-check itself take minutes.
  const next = seededRandom(seed);
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
