import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { deriveFlightId, RouteRanks, uuidV5 } from './flight-id';
import { sha1 } from './sha1';

const PILOT = '5b1d2f7e-8c4a-4b1e-9a57-2f0c3d9e6a11';

describe('derived flight ids', () => {
  it('computes SHA-1 as node:crypto does, for every length around the block edges', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 200 }), (bytes) => {
        const expected = createHash('sha1').update(bytes).digest('hex');
        expect(Buffer.from(sha1(bytes)).toString('hex')).toBe(expected);
      }),
    );
  });

  it("makes RFC 9562 version 5 UUIDs (the DNS namespace example of Python's uuid module)", () => {
    expect(uuidV5('python.org', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '886313e1-3b8a-5372-9b90-0c9aee199e5d',
    );
  });

  it('derives the same id from the same key, a different one from another pilot, format or rank', () => {
    const key = {
      kind: 'route',
      date: '2026-05-01',
      source: 'N123AB',
      departure: 'KSFO',
      arrival: 'KLAX',
      rank: 0,
    } as const;
    const id = deriveFlightId(PILOT, 'foreflight', key);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deriveFlightId(PILOT.toUpperCase(), 'foreflight', { ...key })).toBe(id);
    const others = [
      deriveFlightId('7c9e6679-7425-40de-944b-e07fc1f90ae7', 'foreflight', key),
      deriveFlightId(PILOT, 'columns', key),
      deriveFlightId(PILOT, 'foreflight', { ...key, rank: 1 }),
      deriveFlightId(PILOT, 'foreflight', { ...key, arrival: 'KOAK' }),
      deriveFlightId(PILOT, 'myflightbook', { kind: 'source_id', id: '2026-05-01' }),
    ];
    expect(new Set([id, ...others]).size).toBe(6);
  });

  it('keeps parts apart whatever they hold', () => {
    const a = deriveFlightId(PILOT, 'columns', {
      kind: 'route',
      date: 'd',
      source: 'a,b',
      departure: '',
      arrival: '',
      rank: 0,
    });
    const b = deriveFlightId(PILOT, 'columns', {
      kind: 'route',
      date: 'd',
      source: 'a',
      departure: 'b',
      arrival: '',
      rank: 0,
    });
    expect(a).not.toBe(b);
  });

  it('ranks rows of the same date, aircraft and route in file order', () => {
    const ranks = new RouteRanks();
    expect([
      ranks.next('2026-05-01', 'N1', 'KSFO', 'KSFO'),
      ranks.next('2026-05-01', 'N1', 'KSFO', 'KOAK'),
      ranks.next('2026-05-01', 'N1', 'KSFO', 'KSFO'),
      ranks.next('2026-05-02', 'N1', 'KSFO', 'KSFO'),
    ]).toEqual([0, 0, 1, 0]);
  });
});
