import { fingerprintOf, isReplayableStatus, readIdempotencyKey, sameRequest } from './idempotency-key';

describe('readIdempotencyKey', () => {
  const headers = (...values: string[]): string[] => [
    'Host',
    'example',
    ...values.flatMap((v) => ['Idempotency-Key', v]),
  ];

  it('is absent without the header', () => {
    expect(readIdempotencyKey(['Host', 'example'])).toEqual({ present: false });
  });

  it.each([
    ['one character', 'a'],
    ['255 characters', 'k'.repeat(255)],
    ['a UUID', '0b8a0b0e-6f5c-4a0e-9a55-3f0f6f7a2c11'],
    [
      'every printable ASCII character',
      Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join(''),
    ],
  ])('takes %s', (_what, value) => {
    expect(readIdempotencyKey(headers(value))).toEqual({ present: true, ok: true, key: value });
  });

  it('finds the header in any letter case', () => {
    expect(readIdempotencyKey(['idempotency-KEY', 'abc'])).toEqual({ present: true, ok: true, key: 'abc' });
  });

  it.each([
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['a tab', 'a\tb'],
    ['a control character', 'a\x01b'],
    ['DEL', 'a\x7fb'],
    ['a character beyond ASCII', 'clé'],
  ])('refuses a key that is %s', (_what, value) => {
    expect(readIdempotencyKey(headers(value))).toEqual({ present: true, ok: false, issue: 'invalid' });
  });

  it('refuses the header sent twice, even with the same value', () => {
    expect(readIdempotencyKey(headers('a', 'a'))).toEqual({ present: true, ok: false, issue: 'repeated' });
  });
});

describe('request fingerprints', () => {
  const body = Buffer.from('{"linking_token":"PFT-0000-0000-0000-0000"}');

  it('are the same for the same method, path and bytes', () => {
    expect(
      sameRequest(
        fingerprintOf('POST', '/v1/link', body),
        fingerprintOf('POST', '/v1/link', Buffer.from(body)),
      ),
    ).toBe(true);
  });

  it('differ by path, method or a single byte of the body (whitespace included)', () => {
    const first = fingerprintOf('POST', '/v1/link', body);
    expect(sameRequest(first, fingerprintOf('POST', '/v1/link?x=1', body))).toBe(false);
    expect(sameRequest(first, fingerprintOf('PUT', '/v1/link', body))).toBe(false);
    const spaced = Buffer.from('{"linking_token": "PFT-0000-0000-0000-0000"}');
    expect(sameRequest(first, fingerprintOf('POST', '/v1/link', spaced))).toBe(false);
  });
});

describe('isReplayableStatus', () => {
  it('keeps successes and client errors other than 401 and 429', () => {
    expect([200, 201, 400, 403, 404, 409].map(isReplayableStatus)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  it('keeps no 401, 429 or 5xx', () => {
    expect([401, 429, 500, 503].map(isReplayableStatus)).toEqual([false, false, false, false]);
  });
});
