import { etagMatches } from './cached-catalog';

describe('etagMatches', () => {
  const etag = '"abc"';
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    ['"abd"', false],
    ['abc', false],
    ['', false],
  ])('If-None-Match %j -> %s', (header, expected) => {
    expect(etagMatches(header, etag)).toBe(expected);
  });
  it('is false without the header', () => {
    expect(etagMatches(undefined, etag)).toBe(false);
  });
});
