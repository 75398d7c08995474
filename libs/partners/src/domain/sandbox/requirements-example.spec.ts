import { checkRequirements, experienceAsOf, parseRequirements } from '@pft/totals/domain';
import { sandboxFixture } from './fixture-pilots';
import { SANDBOX_REQUIREMENTS_EXAMPLE } from './requirements-example';

const { asOf, requirements, meetsAll, failsOne } = SANDBOX_REQUIREMENTS_EXAMPLE;

/** The example's verdicts for a fixture pilot, by the rules of the experience read. */
function verdictsOf(number: 1 | 2 | 3 | 4 | 5): Record<string, boolean> {
  const parsed = parseRequirements(requirements);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const fixture = sandboxFixture(number);
  const experience = experienceAsOf(fixture.flights, fixture.startingTotals, asOf);
  const answer = checkRequirements('pilot', parsed.requirements, experience);
  return Object.fromEntries(answer.results.map((r) => [r.id, r.met]));
}

describe('the sandbox’s documented requirement check', () => {
  it('is a valid check', () => {
    expect(parseRequirements(requirements).ok).toBe(true);
  });

  it(`is met in full by fixture ${meetsAll}`, () => {
    expect(Object.values(verdictsOf(meetsAll))).toEqual(requirements.map(() => true));
  });

  it(`fails for fixture ${failsOne.number} on exactly one requirement, ${failsOne.id}`, () => {
    const verdicts = verdictsOf(failsOne.number);
    expect(Object.keys(verdicts).filter((id) => !verdicts[id])).toEqual([failsOne.id]);
  });
});
