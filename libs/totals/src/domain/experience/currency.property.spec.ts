import fc from 'fast-check';
import { addDays, firstDayOfMonthShifted } from './calendar';
import { currencyAsOf } from './currency';
import { CURRENCY_RULES } from './currency-rules';
import { experienceRecord, simulatorSession } from '@pft/testing/oracle';
import { countedRecordOf, type CountedRecord, type ExperienceRecord } from './experience-record';

const counted = (...records: ExperienceRecord[]) => records.map(countedRecordOf);

/** Each rule's window for X, written out again from the spec's table. */
const windowFrom = (rule: string, x: string): string =>
  rule === 'faa_61_57_c' ? firstDayOfMonthShifted(x, -6) : addDays(x, -89);

const START = '2023-11-15';
/** Every day from START on, once: the check below walks them day by day. */
const DAYS = Array.from({ length: 700 }, (_, i) => addDays(START, i));
/** Past these no rule can hold on records dated on or before the date asked (90 days; 7 months at most). */
const horizonOf = (rule: string): number => (rule === 'faa_61_57_c' ? 220 : 95);

const small = fc.integer({ min: 0, max: 3 });

const recordArb = fc
  .record({
    offset: fc.integer({ min: 0, max: 240 }),
    simulator: fc.boolean(),
    rating_key: fc.constantFrom('sep_land', 'set_land', 'mep_land', 'type_a320'),
    day: small,
    night: small,
    dayFullStop: small,
    nightFullStop: small,
    takeoffs: fc.option(fc.record({ day: small, night: small }), { nil: undefined }),
    approaches: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
    holds: fc.option(fc.integer({ min: 0, max: 1 }), { nil: undefined }),
  })
  .map((r) => {
    const date = DAYS[r.offset]!;
    const common = { date, aircraft: { rating_key: r.rating_key }, approaches: r.approaches, holds: r.holds };
    if (r.simulator) return simulatorSession(common);
    return experienceRecord({
      ...common,
      takeoffs: r.takeoffs,
      landings: {
        day: r.day,
        night: r.night,
        day_full_stop: Math.min(r.dayFullStop, r.day),
        night_full_stop: Math.min(r.nightFullStop, r.night),
      },
    });
  });

describe('valid_until, against checking every day', () => {
  it('is the last date on or after the date asked on which the rule holds on the records up to it', () => {
    let current = 0;
    fc.assert(
      fc.property(
        fc.array(recordArb, { maxLength: 25 }),
        fc.integer({ min: 0, max: 260 }),
        (records, asOfOffset) => {
          const asOf = DAYS[asOfOffset]!;
          const all = counted(...records);
          for (const entry of currencyAsOf(all, asOf)) {
            const rule = CURRENCY_RULES.find((r) => r.key === entry.rule)!;
            const members = all.filter((r) => r.date <= asOf && rule.groupOf(r) === entry.group);
            const countsOn = (x: string): Record<string, number> => {
              const from = windowFrom(rule.key, x);
              const inWindow = members.filter((r: CountedRecord) => r.date >= from && r.date <= x);
              return Object.fromEntries(
                rule.counts.map((c) => [c.name, inWindow.reduce((sum, r) => sum + c.of(r), 0)]),
              );
            };
            const holdsOn = (x: string): boolean => {
              const counts = countsOn(x);
              return rule.counts.every((c) => counts[c.name]! >= c.required);
            };
            let lastHolding: string | null = null;
            for (let day = asOfOffset; day <= asOfOffset + horizonOf(rule.key); day += 1) {
              const x = DAYS[day]!;
              if (holdsOn(x)) lastHolding = x;
            }
            if (entry.status === 'current') current += 1;
            expect(entry.counted).toEqual(countsOn(asOf));
            expect(entry.window_from).toBe(windowFrom(rule.key, asOf));
            expect(entry.status).toBe(holdsOn(asOf) ? 'current' : 'not_current');
            expect(entry.valid_until).toBe(holdsOn(asOf) ? lastHolding : null);
            if (!holdsOn(asOf)) expect(lastHolding).toBeNull();
          }
        },
      ),
      { numRuns: 120 },
    );
    // The records are dense enough that the check meets current entries, not only lapsed ones.
    expect(current).toBeGreaterThan(50);
  });
});
