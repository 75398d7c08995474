import { createHash } from 'node:crypto';
import { parseFlight } from '@pft/logbook/domain';
import { parseStartingTotals } from '@pft/logbook/domain';
import { computeTotals, CURRENCY_RULE_KEYS, experienceAsOf } from '@pft/totals/domain';
import {
  SANDBOX_CURRENT_FIXTURE,
  SANDBOX_FIXTURE_NUMBERS,
  SANDBOX_INVALID_CODE,
  sandboxFixture,
  sandboxFixtureOfCode,
} from './fixture-pilots';

const TODAY = '2026-11-25';
const fixtures = SANDBOX_FIXTURE_NUMBERS.map(sandboxFixture);

describe('sandbox fixture pilots', () => {
  it.each(fixtures.map((f) => [f.code, f] as const))(
    '%s holds only flights the pilot app accepts',
    (_code, fixture) => {
      for (const flight of fixture.flights) {
        const parsed = parseFlight(flight, TODAY);
        expect(parsed).toEqual({ ok: true, value: flight });
      }
      if (fixture.startingTotals) {
        expect(parseStartingTotals(fixture.startingTotals)).toEqual({
          ok: true,
          value: fixture.startingTotals,
        });
      }
      expect(new Set(fixture.flights.map((f) => f.flight_id)).size).toBe(fixture.flights.length);
    },
  );

  it('is the same on every run: seeded, not random', () => {
    const digest = createHash('sha256')
      .update(JSON.stringify(fixtures.map((f) => [f.flights, f.startingTotals])))
      .digest('hex');
    // Changing a fixture changes what partners' sandboxes show: do it on purpose, and say so in the changelog.
    expect(digest).toBe('64ec685750bf91dda238bf3767ea1aefd09adf6114f96e740a86fce32570b452');
  });

  it('gives the student a few dozen SEP land flights, dual and solo', () => {
    const { flights } = sandboxFixture(1);
    expect(flights.length).toBeGreaterThanOrEqual(24);
    expect(flights.length).toBeLessThanOrEqual(60);
    expect(flights.every((f) => f.aircraft.rating_key === 'sep_land')).toBe(true);
    expect(flights.some((f) => f.minutes.dual > 0)).toBe(true);
    expect(flights.some((f) => f.minutes.pic > 0)).toBe(true);
  });

  it('gives the captain thousands of multi-pilot hours on the A320 and the B737', () => {
    const fixture = sandboxFixture(2);
    const totals = computeTotals(fixture.flights, fixture.startingTotals);
    expect(totals.totals.total_flight_time_minutes).toBeGreaterThan(2000 * 60);
    expect(totals.totals.multi_pilot_minutes).toBeGreaterThan(2000 * 60);
    expect(Object.keys(totals.rating_breakdown)).toEqual(
      expect.arrayContaining(['type_a320', 'type_b737_300_900']),
    );
  });

  it('gives the general aviation pilot SEP land and sea, MEP, TMG, helicopter and sailplane time', () => {
    const { flights } = sandboxFixture(3);
    const kinds = new Set(flights.map((f) => f.aircraft.rating_key ?? f.aircraft.category));
    expect([...kinds].sort()).toEqual(['helicopter', 'mep_land', 'sailplane', 'sep_land', 'sep_sea', 'tmg']);
  });

  it('gives 0004 starting totals only and 0005 nothing at all', () => {
    expect(sandboxFixture(4)).toMatchObject({ flights: [], startingTotals: expect.any(Object) });
    expect(sandboxFixture(5)).toMatchObject({ flights: [], startingTotals: null });
    expect(computeTotals([], null).last_flight_date).toBeNull();
  });

  it('reads the documented codes as live codes are read, and no other', () => {
    expect(sandboxFixtureOfCode('PFT-TEST-0000-0000-0001')).toBe(1);
    expect(sandboxFixtureOfCode('  pft-test-0000-0000-0005 ')).toBe(5);
    expect(sandboxFixtureOfCode(SANDBOX_INVALID_CODE)).toBeNull();
    expect(sandboxFixtureOfCode('PFT-TEST-0000-0000-0006')).toBeNull();
    expect(sandboxFixtureOfCode('PFT-7K2M-9QXR-4HNB-C8VD')).toBeNull();
  });

  it('has one pilot current under every currency rule as of the documented date', () => {
    const { number, asOf } = SANDBOX_CURRENT_FIXTURE;
    const fixture = sandboxFixture(number);
    const { currency } = experienceAsOf(fixture.flights, fixture.startingTotals, asOf);
    expect([...new Set(currency.map((entry) => entry.rule))]).toEqual([...CURRENCY_RULE_KEYS]);
    expect(currency.filter((entry) => entry.status !== 'current')).toEqual([]);
  });

  it('carries the fields of richer records on every flying fixture', () => {
    for (const fixture of fixtures.filter((f) => f.flights.length > 0)) {
      expect(fixture.flights.every((f) => f.aircraft.type_designator !== undefined)).toBe(true);
    }
  });
});
