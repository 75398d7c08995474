import { snakeCaseJson, snakeCaseKey } from './snake-case-json';

describe('snakeCaseKey', () => {
  it.each([
    ['partnerId', 'partner_id'],
    ['lastDeadLetter', 'last_dead_letter'],
    ['completeThrough', 'complete_through'],
    ['HTTPStatus', 'http_status'],
    ['requestID', 'request_id'],
    ['partition0Offset', 'partition0_offset'],
    ['rate_limit', 'rate_limit'],
    ['version', 'version'],
  ])('%s → %s', (key, expected) => {
    expect(snakeCaseKey(key)).toBe(expected);
  });
});

describe('snakeCaseJson', () => {
  it('converts keys at every depth, in arrays too, and leaves values alone', () => {
    const value = {
      switchedAt: new Date('2026-11-25T03:40:00.000Z'),
      versions: [
        {
          deadLetters: 2,
          lastDeadLetter: { at: new Date(0), reason: 'schemaMismatch', offset: '12' },
          partitions: [{ completeThrough: null, lag: 0 }],
        },
      ],
      scopes: ['pilot-totals', 'rating-dictionary'],
    };
    expect(JSON.parse(snakeCaseJson(value))).toEqual({
      switched_at: '2026-11-25T03:40:00.000Z',
      versions: [
        {
          dead_letters: 2,
          last_dead_letter: { at: '1970-01-01T00:00:00.000Z', reason: 'schemaMismatch', offset: '12' },
          partitions: [{ complete_through: null, lag: 0 }],
        },
      ],
      scopes: ['pilot-totals', 'rating-dictionary'],
    });
  });

  it('writes bigints as decimal strings and leaves out undefined members, as JSON does', () => {
    expect(snakeCaseJson({ highOffset: 2n ** 70n, note: undefined, list: [1, 'a', true, null] })).toBe(
      '{"high_offset":"1180591620717411303424","list":[1,"a",true,null]}',
    );
  });

  it('serializes top-level arrays and scalars', () => {
    expect(snakeCaseJson([{ partnerId: 'p' }])).toBe('[{"partner_id":"p"}]');
    expect(snakeCaseJson('text')).toBe('"text"');
    expect(snakeCaseJson(null)).toBe('null');
  });
});
