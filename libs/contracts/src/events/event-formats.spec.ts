import fc from 'fast-check';
import { fullFormats } from 'ajv-formats/dist/formats';
import { isDateFormat, isDateTimeFormat, isUuidFormat } from './event-formats';

const ajv = (name: 'date' | 'date-time' | 'uuid'): ((t: string) => boolean) => {
  const format = fullFormats[name] as RegExp | { validate: (t: string) => boolean };
  return format instanceof RegExp ? (t) => format.test(t) : format.validate;
};

/** Dates and times near the service's own form: its form, then a character changed, put in or cut. */
const CHARS = [...'012345689-:.TtZz +afgAFG', '\u0660', '\u00a0'];
const near = (form: fc.Arbitrary<string>) =>
  fc
    .tuple(form, fc.nat(40), fc.constantFrom(...CHARS), fc.constantFrom('keep', 'replace', 'insert', 'cut'))
    .map(([text, at, char, edit]) => {
      const i = at % (text.length + 1);
      if (edit === 'replace') return text.slice(0, i) + char + text.slice(i + 1);
      if (edit === 'insert') return text.slice(0, i) + char + text.slice(i);
      if (edit === 'cut') return text.slice(0, i) + text.slice(i + 1);
      return text;
    });
const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** Any digits in each place, so that days, months and hours go past their ranges too. */
const dateText = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 19 }), fc.integer({ min: 0, max: 39 }))
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);
const dateTimeText = fc
  .tuple(
    dateText,
    fc.integer({ min: 0, max: 29 }),
    fc.integer({ min: 0, max: 69 }),
    fc.integer({ min: 0, max: 69 }),
    fc.constantFrom('', '.0', '.123', '.999999'),
    fc.constantFrom('Z', 'z', '+00:00', '-01:30', '', '+0130'),
  )
  .map(
    ([date, h, m, s, fraction, zone]) => `${date}T${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)}${fraction}${zone}`,
  );

const uuidText = fc
  .tuple(fc.uuid(), fc.boolean(), fc.boolean())
  .map(([id, upper, urn]) => `${urn ? 'urn:uuid:' : ''}${upper ? id.toUpperCase() : id}`);

/** Each format's check, the texts it is tried on (its form, near it, and any), and ajv-formats' name for it. */
const FORMATS = [
  {
    name: 'date',
    check: isDateFormat,
    texts: fc.oneof(dateText, near(dateText), fc.string({ maxLength: 12 })),
  },
  {
    name: 'date-time',
    check: isDateTimeFormat,
    texts: fc.oneof(dateTimeText, near(dateTimeText), fc.string({ maxLength: 30 })),
  },
  {
    name: 'uuid',
    check: isUuidFormat,
    texts: fc.oneof(uuidText, near(uuidText), fc.string({ minLength: 34, maxLength: 38 })),
  },
] as const;

describe('the date, date-time and uuid formats of the event schemas', () => {
  it.each(FORMATS)('$name accepts exactly what ajv-formats accepts', ({ name, check, texts }) => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(check(text)).toBe(ajv(name)(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it('tell the edge dates and times apart', () => {
    expect(isDateFormat('2024-02-29')).toBe(true);
    expect(isDateFormat('2023-02-29')).toBe(false);
    expect(isDateFormat('1900-02-29')).toBe(false);
    expect(isDateFormat('2000-02-29')).toBe(true);
    expect(isDateFormat('2024-04-31')).toBe(false);
    expect(isDateFormat('2024-13-01')).toBe(false);
    expect(isDateTimeFormat(new Date(0).toISOString())).toBe(true);
    expect(isDateTimeFormat('2024-06-30T23:59:60Z')).toBe(true);
    expect(isDateTimeFormat('2024-06-30T22:59:60Z')).toBe(false);
    expect(isDateTimeFormat('2024-06-30T24:00:00Z')).toBe(false);
    expect(isDateTimeFormat('2024-06-30T12:00:00.Z')).toBe(false);
    expect(isDateTimeFormat('2024-06-30T12:00:00')).toBe(false);
    expect(isDateTimeFormat('2024-06-30 12:00:00+02:00')).toBe(true);
    expect(isUuidFormat('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    expect(isUuidFormat('0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe(true);
    expect(isUuidFormat('urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    expect(isUuidFormat('0f8fad5b-d9cb-469f-a165-70867728950g')).toBe(false);
    expect(isUuidFormat('0f8fad5bd-9cb-469f-a165-70867728950e')).toBe(false);
    expect(isUuidFormat('0f8fad5b-d9cb-469f-a165-70867728950')).toBe(false);
  });
});
