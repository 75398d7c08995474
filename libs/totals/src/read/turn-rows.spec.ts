import { GENERIC_PLAN_IDS, genericPlanIds } from './turn-rows';

describe('genericPlanIds', () => {
  const id = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

  it('repeats a short list in its order up to ten entries, naming the same ids', () => {
    const ids = [id(1), id(2), id(3)];
    const filled = genericPlanIds(ids);
    expect(filled).toHaveLength(GENERIC_PLAN_IDS);
    expect(filled).toEqual([id(1), id(2), id(3), id(1), id(2), id(3), id(1), id(2), id(3), id(1)]);
    expect(new Set(filled)).toEqual(new Set(ids));
  });

  it('sends one id ten times', () => {
    expect(genericPlanIds([id(7)])).toEqual(Array.from({ length: GENERIC_PLAN_IDS }, () => id(7)));
  });

  it('leaves a list of ten or more as it is, and does not change the list it was given', () => {
    const fifty = Array.from({ length: 50 }, (_, n) => id(n));
    const given = [...fifty];
    expect(genericPlanIds(fifty)).toEqual(given);
    expect(fifty).toEqual(given);
  });

  it('refuses an empty list, which no repetition fills', () => {
    expect(() => genericPlanIds([])).toThrow('at least one id');
  });
});
