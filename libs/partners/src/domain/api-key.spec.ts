import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import {
  apiKeyPrefix,
  bearerApiKey,
  generateApiKey,
  isSandboxApiKey,
  isWellFormedApiKey,
  SANDBOX_API_KEY_MARKER,
} from './api-key';

describe('API key format', () => {
  it('is pft_live_ and 32 base62 characters', () => {
    const key = generateApiKey((n) => randomBytes(n));
    expect(key).toMatch(/^pft_live_[0-9A-Za-z]{32}$/);
    expect(isWellFormedApiKey(key)).toBe(true);
  });

  it('is pft_test_ and 32 base62 characters for the sandbox, and only such a key is a sandbox key', () => {
    const key = generateApiKey((n) => randomBytes(n), SANDBOX_API_KEY_MARKER);
    expect(key).toMatch(/^pft_test_[0-9A-Za-z]{32}$/);
    expect(isWellFormedApiKey(key)).toBe(true);
    expect(bearerApiKey(`Bearer ${key}`)).toBe(key);
    expect(isSandboxApiKey(key)).toBe(true);
    expect(isSandboxApiKey(apiKeyPrefix(key))).toBe(true);
    expect(isSandboxApiKey(generateApiKey((n) => randomBytes(n)))).toBe(false);
  });

  it('always yields a well-formed key, whatever bytes the source gives', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 64, maxLength: 64 }), (bytes) => {
        let calls = 0;
        const key = generateApiKey((n) => (calls++ === 0 ? bytes.slice(0, n) : randomBytes(n)));
        expect(isWellFormedApiKey(key)).toBe(true);
      }),
    );
  });

  it('drops bytes that would bias the alphabet', () => {
    const source = [new Uint8Array(64).fill(255), new Uint8Array(64).fill(61)];
    const key = generateApiKey(() => source.shift() ?? new Uint8Array(64));
    expect(key).toBe(`pft_live_${'z'.repeat(32)}`);
  });

  it('has a public prefix of the marker and 8 characters', () => {
    expect(apiKeyPrefix(`pft_live_ABCDEFGH${'x'.repeat(24)}`)).toBe('pft_live_ABCDEFGH');
  });

  it.each([
    [undefined, null],
    ['', null],
    ['Basic abc', null],
    ['Bearer', null],
    ['Bearer pft_live_short', null],
    [`Bearer pft_demo_${'a'.repeat(32)}`, null],
    [`Bearer pft_live_${'a'.repeat(33)}`, null],
    [`Bearer pft_live_${'a'.repeat(31)}-`, null],
    [`Bearer pft_live_${'a'.repeat(32)}`, `pft_live_${'a'.repeat(32)}`],
    [`bearer  pft_live_${'B'.repeat(32)}`, `pft_live_${'B'.repeat(32)}`],
  ])('reads the key of %j', (header, key) => {
    expect(bearerApiKey(header)).toBe(key);
  });
});
