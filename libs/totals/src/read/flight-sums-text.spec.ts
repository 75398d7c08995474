import fc from 'fast-check';
import { FLIGHT_MINUTE_FIELDS } from '@pft/contracts';
import { EXPERIENCE_COUNT_FIELDS } from '../domain/experience/experience-aggregates';
import { flightsOfSumsText } from './flight-sums-text';

const flight = fc.record({
  group: fc.nat(32_767),
  date: fc
    .date({ min: new Date('1903-12-17'), max: new Date('2099-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  minutes: fc.array(fc.nat(1_440), {
    minLength: FLIGHT_MINUTE_FIELDS.length,
    maxLength: FLIGHT_MINUTE_FIELDS.length,
  }),
  counts: fc.array(fc.nat(99), {
    minLength: EXPERIENCE_COUNT_FIELDS.length,
    maxLength: EXPERIENCE_COUNT_FIELDS.length,
  }),
});
type Flight = typeof flight extends fc.Arbitrary<infer F> ? F : never;

/** As the read writes them: concat_ws(',', group, date, minutes..., counts...), joined by ';'. */
const textOf = (flights: Flight[]): string =>
  flights.map((f) => [f.group, f.date, ...f.minutes, ...f.counts].join(',')).join(';');

describe('flightsOfSumsText', () => {
  it('reads each flight of the text: its group, date, minutes and counts', () => {
    fc.assert(
      fc.property(fc.array(flight, { maxLength: 30 }), (flights) => {
        expect(flightsOfSumsText(textOf(flights))).toEqual(
          flights.map((f) => ({
            group: f.group,
            date: f.date,
            sums: {
              minutes: f.minutes,
              ...Object.fromEntries(EXPERIENCE_COUNT_FIELDS.map((c, i) => [c, f.counts[i]])),
            },
          })),
        );
      }),
    );
  });

  it('reads no flights from null or an empty text', () => {
    expect(flightsOfSumsText(null)).toEqual([]);
    expect(flightsOfSumsText('')).toEqual([]);
  });

  it('refuses a text with a field missing, one too many, a sign, a space or a date in another form', () => {
    const [one] = fc.sample(flight, { numRuns: 1, seed: 7 });
    const good = textOf([one!, one!]);
    expect(flightsOfSumsText(good)).toHaveLength(2);
    const broken = [
      good.replace(/,\d+;/, ';'),
      good.replace(';', ',7;'),
      `${good},7`,
      good.replace(',', ',-'),
      good.replace(',', ', '),
      good.replace(/(\d{4})-(\d{2})-(\d{2})/, '$3.$2.$1'),
      `${good};`,
      good.replace(';', ';;'),
    ];
    for (const text of broken) expect(() => flightsOfSumsText(text)).toThrow();
  });
});
