import {
  fingerprintOf,
  isReplayableStatus,
  normalisedPath,
  readIdempotencyKey,
  sameRequest,
} from './idempotency-key';

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

  it('are the same for a path with and without escapes of unreserved characters, kept normalised or not', () => {
    const path = '/v1/sandbox/pilots/3f6c2b9e-8d41-4a7f-9b2e-5c1d0a7e4f18/reset';
    const encoded = '/v1/sandbox/pilots/%33f6c2b9e%2D8d41%2d4a7f-9b2e-5c1d0a7e4f18/r%65set';
    expect(fingerprintOf('POST', encoded, body).path).toBe(path);
    expect(sameRequest(fingerprintOf('POST', path, body), fingerprintOf('POST', encoded, body))).toBe(true);
    // As a path was kept before paths were normalised.
    const keptAsSent = { ...fingerprintOf('POST', path, body), path: encoded };
    expect(sameRequest(keptAsSent, fingerprintOf('POST', path, body))).toBe(true);
    expect(
      sameRequest(fingerprintOf('POST', '/v1/a%2Fb', body), fingerprintOf('POST', '/v1/a/b', body)),
    ).toBe(false);
  });
});

describe('normalisedPath', () => {
  it('decodes the escapes of unreserved characters only, once, and upper-cases the others', () => {
    expect(normalisedPath('/v1/%41%7a%30%2d%2E%5f%7E?q=%2f%3D%c3%a9%20+')).toBe(
      '/v1/Az0-._~?q=%2F%3D%C3%A9%20+',
    );
    expect(normalisedPath('/v1/%2561%%4g%')).toBe('/v1/%2561%%4g%');
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
