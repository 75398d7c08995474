import { parseRequirements } from './parse-requirements';

const threshold = (id: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  id,
  metric: 'total_flight_time_minutes',
  at_least: 600,
  ...extra,
});

const listOf = (count: number): Record<string, unknown>[] =>
  Array.from({ length: count }, (_, index) => threshold(`r${index}`));

/** The issues of a refused list, as `{ field, issue }` pairs. */
function issuesOf(raw: unknown): { field: string; issue: string }[] {
  const parsed = parseRequirements(raw);
  if (parsed.ok) throw new Error('expected the requirements to be refused');
  for (const issue of parsed.issues) expect(issue.message.length).toBeGreaterThan(0);
  return parsed.issues.map(({ field, issue }) => ({ field, issue }));
}

function accepted(raw: unknown) {
  const parsed = parseRequirements(raw);
  if (!parsed.ok) throw new Error(`expected acceptance, got ${JSON.stringify(parsed.issues)}`);
  return parsed.requirements;
}

describe('parseRequirements: the list', () => {
  it('refuses a missing list, one that is not a list, and 0 requirements', () => {
    expect(issuesOf(undefined)).toEqual([{ field: 'requirements', issue: 'required' }]);
    expect(issuesOf({ id: 'a' })).toEqual([{ field: 'requirements', issue: 'wrong_type' }]);
    expect(issuesOf([])).toEqual([{ field: 'requirements', issue: 'empty' }]);
  });

  it('accepts 1 and 20 requirements, in the order sent', () => {
    expect(accepted(listOf(1)).map((r) => r.id)).toEqual(['r0']);
    expect(accepted(listOf(20)).map((r) => r.id)).toEqual(listOf(20).map((r) => r.id));
  });

  it('refuses 21 requirements', () => {
    expect(issuesOf(listOf(21))).toEqual([{ field: 'requirements', issue: 'too_many' }]);
  });

  it('names every repeated id, pointing at the later ones', () => {
    expect(issuesOf([threshold('a'), threshold('b'), threshold('a'), threshold('a')])).toEqual([
      { field: 'requirements[2].id', issue: 'duplicate' },
      { field: 'requirements[3].id', issue: 'duplicate' },
    ]);
  });

  it('reports every bad requirement at once', () => {
    expect(issuesOf([threshold('ok'), 'text', threshold('x', { metric: 'nope', at_least: -1 })])).toEqual([
      { field: 'requirements[1]', issue: 'wrong_type' },
      { field: 'requirements[2].metric', issue: 'invalid_value' },
      { field: 'requirements[2].at_least', issue: 'out_of_range' },
    ]);
  });
});

describe('parseRequirements: ids', () => {
  it.each([
    ['a', true],
    ['A-z_0.9', true],
    ['x'.repeat(64), true],
    ['x'.repeat(65), false],
    ['', false],
    ['has space', false],
    ['é', false],
  ])('id %j accepted: %s', (id, ok) => {
    const parsed = parseRequirements([threshold(id)]);
    expect(parsed.ok).toBe(ok);
    if (!parsed.ok) expect(parsed.issues.map((i) => i.issue)).toEqual(['invalid_format']);
  });

  it('refuses a missing id and one that is not a string', () => {
    expect(issuesOf([{ metric: 'pic_minutes', at_least: 1 }])).toEqual([
      { field: 'requirements[0].id', issue: 'required' },
    ]);
    expect(issuesOf([threshold(7 as unknown as string)])).toEqual([
      { field: 'requirements[0].id', issue: 'wrong_type' },
    ]);
  });
});

describe('parseRequirements: thresholds', () => {
  it('accepts every metric over the lifetime and every window', () => {
    for (const metric of [
      'ifr_minutes',
      'simulator_minutes',
      'flight_count',
      'landings_day',
      'landings_night',
      'approaches',
    ]) {
      expect(accepted([threshold('a', { metric })])[0]).toEqual({
        kind: 'threshold',
        id: 'a',
        scope: { kind: 'lifetime', metric },
        at_least: 600,
      });
      for (const window of ['last_90_days', 'last_6_months', 'last_12_months', 'last_24_months']) {
        expect(accepted([threshold('a', { metric, window })])[0]).toMatchObject({
          scope: { kind: 'window', window, metric },
        });
      }
    }
  });

  it('refuses an unknown metric, an unknown window and a missing metric', () => {
    expect(issuesOf([threshold('a', { metric: 'takeoffs' })])).toEqual([
      { field: 'requirements[0].metric', issue: 'invalid_value' },
    ]);
    expect(issuesOf([threshold('a', { window: 'last_30_days' })])).toEqual([
      { field: 'requirements[0].window', issue: 'invalid_value' },
    ]);
    expect(issuesOf([{ id: 'a', at_least: 1 }])).toEqual([
      { field: 'requirements[0].metric', issue: 'required' },
    ]);
  });

  it.each([
    [0, true],
    [100_000_000, true],
    [100_000_001, false],
    [-1, false],
  ])('at_least %d accepted: %s', (atLeast, ok) => {
    const parsed = parseRequirements([threshold('a', { at_least: atLeast })]);
    expect(parsed.ok).toBe(ok);
    if (!parsed.ok) expect(parsed.issues.map((i) => i.issue)).toEqual(['out_of_range']);
  });

  it('refuses an at_least that is missing or not a whole number', () => {
    expect(issuesOf([{ id: 'a', metric: 'pic_minutes' }])).toEqual([
      { field: 'requirements[0].at_least', issue: 'required' },
    ]);
    for (const atLeast of [1.5, '600', null]) {
      expect(issuesOf([threshold('a', { at_least: atLeast })])).toEqual([
        { field: 'requirements[0].at_least', issue: 'wrong_type' },
      ]);
    }
  });

  it('refuses a field it does not know', () => {
    expect(issuesOf([threshold('a', { at_most: 5 })])).toEqual([
      { field: 'requirements[0].at_most', issue: 'unknown_field' },
    ]);
  });
});
