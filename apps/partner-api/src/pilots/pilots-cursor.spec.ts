import { createHmac } from 'node:crypto';
import {
  decodePilotsCursor,
  DEFAULT_PILOTS_LIMIT,
  encodePilotsCursor,
  parsePilotsPageRequest,
  type CursorKeys,
  type PilotsCursor,
} from './pilots-cursor';
import { cursorKeyOf } from './pilots-cursor-keys';

const CURSOR: PilotsCursor = {
  linkedAt: '2026-11-24T09:18:42.123456Z',
  pilotId: '3f6c2b9e-8d41-4a7f-9b2e-5c1d0a7e4f18',
};

const KEY = cursorKeyOf(Buffer.alloc(32, 7).toString('base64'));
const OTHER_KEY = cursorKeyOf(Buffer.alloc(32, 8).toString('base64'));
const KEYS: CursorKeys = { signing: KEY, checking: [KEY] };

const encoded = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');
/** A cursor of any content, signed with the API's own key: what only a leaked key would let anyone make. */
const signed = (text: string, key = KEY): string =>
  `${encoded(text)}.${createHmac('sha256', key).update(text).digest().subarray(0, 16).toString('base64url')}`;

describe('pilots cursor', () => {
  it('decodes what it encodes, to the microsecond', () => {
    const cursor = encodePilotsCursor(CURSOR, KEYS);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(decodePilotsCursor(cursor, KEYS)).toEqual(CURSOR);
  });

  it('shows neither the time nor the pilot in plain text', () => {
    const cursor = encodePilotsCursor(CURSOR, KEYS);
    expect(cursor).not.toContain(CURSOR.pilotId);
    expect(cursor).not.toContain('2026');
  });

  it.each([
    ['empty', ''],
    ['not base64url', 'abc+/=='],
    ['plain text', 'next-page'],
    ['another version', signed(`p3|${CURSOR.linkedAt}|${CURSOR.pilotId}`)],
    ['missing a part', signed(`p2|${CURSOR.linkedAt}`)],
    ['a part too many', signed(`p2|${CURSOR.linkedAt}|${CURSOR.pilotId}|x`)],
    ['a time to the millisecond only', signed(`p2|2026-11-24T09:18:42.123Z|${CURSOR.pilotId}`)],
    ['a time that is no instant', signed(`p2|2026-13-24T09:18:42.123456Z|${CURSOR.pilotId}`)],
    ['February 30th', signed(`p2|2026-02-30T09:18:42.123456Z|${CURSOR.pilotId}`)],
    ['an upper-case pilot id', signed(`p2|${CURSOR.linkedAt}|${CURSOR.pilotId.toUpperCase()}`)],
    ['a pilot id that is no UUID', signed(`p2|${CURSOR.linkedAt}|not-a-uuid`)],
    ['year 0000', signed(`p2|0000-01-01T00:00:00.000000Z|${CURSOR.pilotId}`)],
    ['longer than any cursor made', 'A'.repeat(201)],
  ])('refuses a cursor that is %s', (_what, value) => {
    expect(decodePilotsCursor(value, KEYS)).toBeNull();
  });

  it.each([
    ['unsigned, as cursors were once made', encoded(`p1|${CURSOR.linkedAt}|${CURSOR.pilotId}`)],
    ['unsigned, in the signed form', encoded(`p2|${CURSOR.linkedAt}|${CURSOR.pilotId}`)],
    ['forged with year 0000', encoded(`p1|0000-01-01T00:00:00.000000Z|${CURSOR.pilotId}`)],
    ['signed with another key', signed(`p2|${CURSOR.linkedAt}|${CURSOR.pilotId}`, OTHER_KEY)],
    ['with an empty tag', `${encoded(`p2|${CURSOR.linkedAt}|${CURSOR.pilotId}`)}.`],
  ])('refuses a cursor it did not sign: %s', (_what, value) => {
    expect(decodePilotsCursor(value, KEYS)).toBeNull();
  });

  it('refuses a cursor whose time or pilot was changed', () => {
    const [body, tag] = encodePilotsCursor(CURSOR, KEYS).split('.');
    const text = Buffer.from(body!, 'base64url').toString('utf8');
    for (const changed of [
      text.replace('2026', '2025'),
      text.replace(CURSOR.pilotId.slice(0, 8), '00000000'),
    ])
      expect(decodePilotsCursor(`${encoded(changed)}.${tag}`, KEYS)).toBeNull();
  });

  it('takes a cursor signed before a rotation while its key is still among the checking ones', () => {
    const before = encodePilotsCursor(CURSOR, { signing: OTHER_KEY, checking: [] });
    expect(decodePilotsCursor(before, { signing: KEY, checking: [KEY, OTHER_KEY] })).toEqual(CURSOR);
  });

  it('refuses a second spelling of a valid cursor (base64 padding)', () => {
    const cursor = encodePilotsCursor(CURSOR, KEYS);
    expect(decodePilotsCursor(`${cursor}=`, KEYS)).toBeNull();
    expect(decodePilotsCursor(`${cursor}.`, KEYS)).toBeNull();
  });
});

describe('parsePilotsPageRequest', () => {
  it('defaults to 100 pilots from the start', () => {
    expect(parsePilotsPageRequest({}, KEYS)).toEqual({ ok: true, limit: DEFAULT_PILOTS_LIMIT, after: null });
  });

  it('takes a limit of 1 to 200 and a cursor', () => {
    const cursor = encodePilotsCursor(CURSOR, KEYS);
    expect(parsePilotsPageRequest({ limit: '1', cursor }, KEYS)).toEqual({
      ok: true,
      limit: 1,
      after: CURSOR,
    });
    expect(parsePilotsPageRequest({ limit: '200' }, KEYS)).toEqual({ ok: true, limit: 200, after: null });
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
    expect(parsePilotsPageRequest({ limit }, KEYS)).toEqual({
      ok: false,
      problems: [{ field: 'limit', issue }],
    });
  });

  it('refuses a repeated limit or cursor', () => {
    expect(parsePilotsPageRequest({ limit: ['1', '2'] }, KEYS)).toEqual({
      ok: false,
      problems: [{ field: 'limit', issue: 'repeated' }],
    });
    const cursor = encodePilotsCursor(CURSOR, KEYS);
    expect(parsePilotsPageRequest({ cursor: [cursor, cursor] }, KEYS)).toEqual({
      ok: false,
      problems: [{ field: 'cursor', issue: 'repeated' }],
    });
  });

  it('refuses a cursor this API did not make', () => {
    expect(parsePilotsPageRequest({ cursor: 'x' }, KEYS)).toEqual({
      ok: false,
      problems: [{ field: 'cursor', issue: 'invalid' }],
    });
  });

  it('names a bad limit and a bad cursor both', () => {
    expect(parsePilotsPageRequest({ limit: '0', cursor: 'x' }, KEYS)).toEqual({
      ok: false,
      problems: [
        { field: 'limit', issue: 'out_of_range' },
        { field: 'cursor', issue: 'invalid' },
      ],
    });
  });
});
