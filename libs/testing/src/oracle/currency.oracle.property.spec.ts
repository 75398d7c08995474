import fc from 'fast-check';
import { addDays } from './calendar.oracle';
import { oracleCurrency } from './currency.oracle';
import { experienceRecord } from './experience-record.factory';

const DAYS = 400;
const recordArb = fc
  .record({
    offset: fc.integer({ min: 0, max: DAYS }),
    rating_key: fc.constantFrom('sep_land', 'set_land', 'mep_land', 'type_a320'),
    day: fc.integer({ min: 0, max: 3 }),
    night: fc.integer({ min: 0, max: 2 }),
    fullStop: fc.integer({ min: 0, max: 2 }),
    approaches: fc.integer({ min: 0, max: 4 }),
    holds: fc.integer({ min: 0, max: 1 }),
  })
  .map((r) =>
    experienceRecord({
      date: addDays('2025-01-01', r.offset),
      aircraft: { rating_key: r.rating_key },
      landings: { day: r.day, night: r.night, night_full_stop: Math.min(r.fullStop, r.night) },
      approaches: r.approaches,
      holds: r.holds,
    }),
  );

describe('the currency oracle, against its own definition', () => {
  it('holds on valid_until and not the day after, with the records of D', () => {
    fc.assert(
      fc.property(
        fc.array(recordArb, { maxLength: 40 }),
        fc.integer({ min: 0, max: DAYS }),
        (records, asOfOffset) => {
          const asOf = addDays('2025-01-01', asOfOffset);
          const upToD = records.filter((r) => r.date <= asOf);
          for (const entry of oracleCurrency(records, asOf)) {
            expect(entry.status === 'current').toBe(entry.valid_until !== null);
            if (entry.valid_until === null) continue;
            const same = (at: string) =>
              oracleCurrency(upToD, at).find((e) => e.rule === entry.rule && e.group === entry.group);
            expect(same(entry.valid_until)?.status).toBe('current');
            expect(same(addDays(entry.valid_until, 1))?.status).toBe('not_current');
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
