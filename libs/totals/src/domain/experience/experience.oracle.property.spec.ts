import fc from 'fast-check';
import { experienceInputArb, oracleExperience } from '@pft/testing/oracle';
import { experienceAsOf } from './experience';

/**
 * The experience rules against the oracle, which was written from `pilot-experience.md` alone: random
 * current records with every new field present or absent, flights of each category and simulator
 * sessions, starting totals or none, and `as_of` before, among and after the records.
 */
describe('experience as of a date, against the oracle', () => {
  it('equals the oracle: lifetime, windows, breakdowns and currency with valid_until', () => {
    fc.assert(
      fc.property(experienceInputArb, ({ records, asOf, starting }) => {
        expect(experienceAsOf(records, starting, asOf)).toEqual(
          oracleExperience({ records, starting }, asOf),
        );
      }),
      { numRuns: 300 },
    );
  });
});
