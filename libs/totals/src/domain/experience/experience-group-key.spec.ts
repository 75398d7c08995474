import fc from 'fast-check';
import { AIRCRAFT_CATEGORIES, AIRCRAFT_FEATURES, ENGINE_KINDS, FLIGHT_KINDS } from '@pft/contracts';
import { experienceRecordArb, experienceDateArb } from '@pft/testing/oracle';
import { experienceContributionOf, type ExperienceGroup } from './experience-aggregates';
import {
  groupKeyOf,
  groupKeyOfFacts,
  groupKeysOf,
  groupOfKey,
  storedGroupKeys,
} from './experience-group-key';
import { countedRecordOf } from './experience-record';

/** Any text a rating key or type designator could hold, backslashes, tabs and newlines included. */
const textArb = fc.option(
  fc.string({
    minLength: 1,
    maxLength: 12,
    unit: fc.constantFrom('A', '7', '\\', '\t', '\n', 't', 'n', ' ', 'é'),
  }),
);

const groupArb: fc.Arbitrary<ExperienceGroup> = fc.record({
  kind: fc.constantFrom(...FLIGHT_KINDS),
  category: fc.constantFrom(...AIRCRAFT_CATEGORIES),
  rating_key: textArb,
  type_designator: textArb,
  engine: fc.constantFrom(...ENGINE_KINDS, 'unknown' as const),
  features: fc.subarray([...AIRCRAFT_FEATURES]),
});

describe('experience group keys', () => {
  it('read back as the group they were made of, whatever its rating key and type designator hold', () => {
    fc.assert(
      fc.property(groupArb, (group) => {
        const key = groupKeyOf(group);
        expect(key).not.toContain('\n');
        expect(key.split('\t')).toHaveLength(6);
        expect(groupOfKey(key)).toEqual(group);
      }),
      { numRuns: 500 },
    );
  });

  it('are equal exactly when the groups are', () => {
    fc.assert(
      fc.property(groupArb, groupArb, (a, b) => {
        expect(groupKeyOf(a) === groupKeyOf(b)).toBe(JSON.stringify(a) === JSON.stringify(b));
      }),
      { numRuns: 500 },
    );
  });

  it("of a record's facts are the key of the group it counts in", () => {
    fc.assert(
      fc.property(experienceDateArb.chain(experienceRecordArb), (record) => {
        const { facts } = countedRecordOf(record);
        expect(groupKeyOfFacts(facts)).toBe(groupKeyOf(experienceContributionOf(facts).group));
      }),
      { numRuns: 300 },
    );
  });

  it("of a pilot's groups are stored as lines and read back in their order, none as the empty text", () => {
    fc.assert(
      fc.property(fc.array(groupArb, { maxLength: 8 }), (groups) => {
        const stored = storedGroupKeys(groups.map(groupKeyOf));
        expect(groupKeysOf(stored).map(groupOfKey)).toEqual(groups);
      }),
    );
    expect(storedGroupKeys([])).toBe('');
    expect(groupKeysOf('')).toEqual([]);
  });

  it('refuse a line that is not a group', () => {
    expect(() => groupOfKey('flight\tairplane')).toThrow(/not an experience group/);
  });
});
