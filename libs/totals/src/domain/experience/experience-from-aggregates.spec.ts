import fc from 'fast-check';
import {
  experienceDateArb,
  experienceInputArb,
  experienceRecord,
  oracleExperience,
  simulatorSession,
} from '@pft/testing/oracle';
import {
  addExperienceSums,
  experienceContributionOf,
  zeroExperienceSums,
  type ExperienceAggregates,
  type ExperienceDay,
  type ExperienceGroup,
  type ExperienceYear,
} from './experience-aggregates';
import { experienceAsOf } from './experience';
import { groupKeyOf } from './experience-group-key';
import { experienceFromAggregates } from './experience-from-aggregates';
import { countedRecordOf, type ExperienceRecord } from './experience-record';

/** The sums the projection would store of `records`: every day and every year, in no order. */
function aggregatesOf(records: readonly ExperienceRecord[]): ExperienceAggregates {
  const groups: ExperienceGroup[] = [];
  const numbers = new Map<string, number>();
  const days = new Map<string, ExperienceDay>();
  const years = new Map<string, ExperienceYear>();
  for (const record of records) {
    const { group, sums } = experienceContributionOf(countedRecordOf(record).facts);
    const key = groupKeyOf(group);
    if (!numbers.has(key)) numbers.set(key, groups.push(group) - 1);
    const number = numbers.get(key)!;
    const day = days.get(`${number} ${record.date}`) ?? {
      group: number,
      date: record.date,
      sums: zeroExperienceSums(),
    };
    addExperienceSums(day.sums, sums);
    days.set(`${number} ${record.date}`, day);
    const yearNumber = Number(record.date.slice(0, 4));
    const year = years.get(`${number} ${yearNumber}`) ?? {
      group: number,
      year: yearNumber,
      sums: zeroExperienceSums(),
      last_date: null,
    };
    addExperienceSums(year.sums, sums);
    if (year.last_date === null || record.date > year.last_date) year.last_date = record.date;
    years.set(`${number} ${yearNumber}`, year);
  }
  return { groups, days: [...days.values()].reverse(), years: [...years.values()] };
}

describe('experience from the stored sums', () => {
  it('equals the oracle over the records summed, for any as_of', () => {
    fc.assert(
      fc.property(experienceInputArb, experienceDateArb, ({ records, asOf, starting }, otherAsOf) => {
        const aggregates = aggregatesOf(records);
        for (const date of [asOf, otherAsOf]) {
          const experience = experienceFromAggregates(aggregates, starting, date);
          expect(experience).toEqual(oracleExperience({ records, starting }, date));
          // Field for field in the same order as from the records: the answer is written as built.
          expect(JSON.stringify(experience)).toBe(JSON.stringify(experienceAsOf(records, starting, date)));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('counts a year before as_of in lifetime and the breakdowns only, and a later record nowhere', () => {
    const records = [
      experienceRecord({ date: '2019-05-01', aircraft: { type_designator: 'C172' } }),
      experienceRecord({ date: '2026-03-01', aircraft: { type_designator: 'C172' } }),
      simulatorSession({ date: '2026-02-01', approaches: 6, holds: 1 }),
    ];
    const experience = experienceFromAggregates(aggregatesOf(records), null, '2026-02-15');
    expect(experience.lifetime.flight_count).toBe(1);
    expect(experience.lifetime.last_flight_date).toBe('2019-05-01T00:00:00.000Z');
    expect(experience.windows.last_24_months.flight_count).toBe(0);
    expect(experience.by_aircraft_type).toMatchObject([
      { type_designator: 'C172', flight_count: 1, last_12_months_minutes: 0 },
    ]);
    expect(experience.currency.map((entry) => [entry.rule, entry.group, entry.status])).toEqual([
      ['faa_61_57_a', 'airplane_sel', 'not_current'],
      ['faa_61_57_b', 'airplane_sel', 'not_current'],
      ['faa_61_57_c', 'airplane', 'current'],
      ['easa_fcl_060_b1', 'sep_land', 'not_current'],
      ['easa_fcl_060_b2', 'sep_land', 'not_current'],
    ]);
  });
});
