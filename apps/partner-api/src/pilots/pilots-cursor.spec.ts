import {
  decodePilotsCursor,
  DEFAULT_PILOTS_LIMIT,
  encodePilotsCursor,
  parsePilotsPageRequest,
  type PilotsCursor,
} from './pilots-cursor';

const CURSOR: PilotsCursor = {
  linkedAt: '2026-11-24T09:18:42.123456Z',
  pilotId: '3f6c2b9e-8d41-4a7f-9b2e-5c1d0a7e4f18',
};

const encoded = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');

describe('pilots cursor', () => {
  it('decodes what it encodes, to the microsecond', () => {
    const cursor = encodePilotsCursor(CURSOR);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePilotsCursor(cursor)).toEqual(CURSOR);
  });

  it('shows neither the time nor the pilot in plain text', () => {
    const cursor = encodePilotsCursor(CURSOR);
    expect(cursor).not.toContain(CURSOR.pilotId);
    expect(cursor).not.toContain('2026');
  });

  it.each([
    ['empty', ''],
    ['not base64url', 'abc+/=='],
    ['plain text', 'next-page'],
    ['another version', encoded(`p2|${CURSOR.linkedAt}|${CURSOR.pilotId}`)],
    ['missing a part', encoded(`p1|${CURSOR.linkedAt}`)],
    ['a part too many', encoded(`p1|${CURSOR.linkedAt}|${CURSOR.pilotId}|x`)],
    ['a time to the millisecond only', encoded(`p1|2026-11-24T09:18:42.123Z|${CURSOR.pilotId}`)],
    ['a time that is no instant', encoded(`p1|2026-13-24T09:18:42.123456Z|${CURSOR.pilotId}`)],
    ['February 30th', encoded(`p1|2026-02-30T09:18:42.123456Z|${CURSOR.pilotId}`)],
    ['an upper-case pilot id', encoded(`p1|${CURSOR.linkedAt}|${CURSOR.pilotId.toUpperCase()}`)],
    ['a pilot id that is no UUID', encoded(`p1|${CURSOR.linkedAt}|not-a-uuid`)],
    ['longer than any cursor made', 'A'.repeat(201)],
  ])('refuses a cursor that is %s', (_what, value) => {
    expect(decodePilotsCursor(value)).toBeNull();
  });

  it('refuses a second spelling of a valid cursor (base64 padding)', () => {
    const cursor = encodePilotsCursor(CURSOR);
    expect(decodePilotsCursor(`${cursor}=`)).toBeNull();
  });
});

describe('parsePilotsPageRequest', () => {
  it('defaults to 100 pilots from the start', () => {
    expect(parsePilotsPageRequest({})).toEqual({ ok: true, limit: DEFAULT_PILOTS_LIMIT, after: null });
  });

  it('takes a limit of 1 to 200 and a cursor', () => {
    const cursor = encodePilotsCursor(CURSOR);
    expect(parsePilotsPageRequest({ limit: '1', cursor })).toEqual({ ok: true, limit: 1, after: CURSOR });
    expect(parsePilotsPageRequest({ limit: '200' })).toEqual({ ok: true, limit: 200, after: null });
  });

  it.each([
    ['0', 'out_of_range'],
    ['201', 'out_of_range'],
    ['', 'invalid'],
    ['-1', 'invalid'],
    ['1.5', 'invalid'],
    ['ten', 'invalid'],
    [' 10', 'invalid'],
    ['99999', 'invalid'],
  ])('refuses the limit %p (%s)', (limit, issue) => {
    expect(parsePilotsPageRequest({ limit })).toEqual({ ok: false, field: 'limit', issue });
  });

  it('refuses a repeated limit or cursor', () => {
    expect(parsePilotsPageRequest({ limit: ['1', '2'] })).toEqual({
      ok: false,
      field: 'limit',
      issue: 'repeated',
    });
    const cursor = encodePilotsCursor(CURSOR);
    expect(parsePilotsPageRequest({ cursor: [cursor, cursor] })).toEqual({
      ok: false,
      field: 'cursor',
      issue: 'repeated',
    });
  });

  it('refuses a cursor this API did not make', () => {
    expect(parsePilotsPageRequest({ cursor: 'x' })).toEqual({ ok: false, field: 'cursor', issue: 'invalid' });
  });
});
