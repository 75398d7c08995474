import fc from 'fast-check';
import {
  experienceInputArb,
  oracleExperience,
  oracleVerdicts,
  plannedRequirementsArb,
  withThresholds,
} from '@pft/testing/oracle';
import { experienceAsOf } from '../experience/experience';
import { checkRequirements } from './check-requirements';
import { parseRequirements } from './parse-requirements';

/** Every number anywhere in a JSON value, with its path. */
function numbersIn(value: unknown, path = '$'): string[] {
  if (typeof value === 'number') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => numbersIn(item, `${path}[${index}]`));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => numbersIn(item, `${path}.${key}`));
  return [];
}

const checkArb = fc.record({ logbook: experienceInputArb, planned: plannedRequirementsArb });

/**
 * Requirement checks against the oracle, written from `pilot-experience.md` alone: random valid
 * requirement lists, thresholds often at a figure or one either side of it, over random histories.
 */
describe('requirement checks, against the oracle', () => {
  it('give the verdicts of comparing the oracle’s figures with each threshold', () => {
    fc.assert(
      fc.property(checkArb, ({ logbook: { records, asOf, starting }, planned }) => {
        const oracle = oracleExperience({ records, starting }, asOf);
        const sent = withThresholds(planned, oracle);
        const parsed = parseRequirements(JSON.parse(JSON.stringify(sent)));
        if (!parsed.ok) throw new Error(`refused: ${JSON.stringify(parsed.issues)}`);
        const answer = checkRequirements(
          'pilot',
          parsed.requirements,
          experienceAsOf(records, starting, asOf),
        );
        expect(answer).toEqual({ pilot_id: 'pilot', as_of: asOf, ...oracleVerdicts(sent, oracle) });
      }),
      { numRuns: 300 },
    );
  });

  it('answer with no number at all, only ids and verdicts', () => {
    fc.assert(
      fc.property(checkArb, ({ logbook: { records, asOf, starting }, planned }) => {
        const sent = withThresholds(planned, oracleExperience({ records, starting }, asOf));
        const parsed = parseRequirements(sent);
        if (!parsed.ok) throw new Error(`refused: ${JSON.stringify(parsed.issues)}`);
        const answer = checkRequirements(
          'pilot',
          parsed.requirements,
          experienceAsOf(records, starting, asOf),
        );
        const json: unknown = JSON.parse(JSON.stringify(answer));
        expect(numbersIn(json)).toEqual([]);
        expect(Object.keys(answer).sort()).toEqual(['all_met', 'as_of', 'pilot_id', 'results']);
        for (const result of answer.results) expect(Object.keys(result).sort()).toEqual(['id', 'met']);
      }),
      { numRuns: 100 },
    );
  });

  it('finds a number where there is one', () => {
    expect(numbersIn({ a: [{ b: 'x' }, { c: 0 }] })).toEqual(['$.a[1].c']);
  });
});
