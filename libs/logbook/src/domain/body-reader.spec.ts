import { BodyReader } from './body-reader';
import { type ValidationIssue } from './validation-issue';

function readRemarks(value: unknown): { value: string | undefined; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const reader = BodyReader.object(issues, '', { remarks: value })!;
  return { value: reader.string('remarks', { maxLength: 500 }), issues };
}

describe('BodyReader.string', () => {
  it.each(['plain', 'two\nlines\twith a tab\r\n', 'Ω≈ç√∫ 😀', "'; drop table flights; --"])(
    'keeps %j',
    (text) => {
      expect(readRemarks(text)).toEqual({ value: text, issues: [] });
    },
  );

  it.each([
    '\u0000',
    'abc\u0000def',
    '\u0007bell',
    '\u001b[31m',
    '\u007f',
    '\ud800',
    'x\udfff',
    '\udfff\ud800',
  ])('refuses %j: control characters and unpaired surrogates cannot be stored faithfully', (text) => {
    const { value, issues } = readRemarks(text);
    expect(value).toBeUndefined();
    expect(issues).toEqual([expect.objectContaining({ field: 'remarks', issue: 'invalid_characters' })]);
  });
});

describe('BodyReader.string maxLength', () => {
  it('counts characters, not UTF-16 units: 500 emoji are 500 characters', () => {
    const emoji = '😀'.repeat(500);
    expect(emoji.length).toBe(1000);
    expect(readRemarks(emoji)).toEqual({ value: emoji, issues: [] });
  });

  it.each([
    ['501 letters', 'a'.repeat(501)],
    ['501 emoji', '😀'.repeat(501)],
    ['499 letters and 2 emoji', `${'a'.repeat(499)}😀😀`],
  ])('refuses %s as too long', (_what, text) => {
    const { value, issues } = readRemarks(text);
    expect(value).toBeUndefined();
    expect(issues).toEqual([expect.objectContaining({ field: 'remarks', issue: 'too_long' })]);
  });
});
