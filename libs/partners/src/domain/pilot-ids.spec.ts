import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { isUuid } from '@pft/contracts/uuid';
import { MAX_BATCH_PILOT_IDS, parsePilotId, parsePilotIdList } from './pilot-ids';

const ids = (n: number): string[] => Array.from({ length: n }, () => randomUUID());

describe('parsePilotId', () => {
  it('accepts any letter case and answers in lower case', () => {
    const id = randomUUID();
    expect(parsePilotId(id.toUpperCase())).toEqual({ ok: true, pilotId: id });
  });

  it.each([
    [undefined, 'required'],
    ['', 'required'],
    [['a', 'b'], 'repeated'],
    ['not-a-uuid', 'invalid_uuid'],
    [' 3b241101-e2bb-4255-8caf-4136c566a962', 'invalid_uuid'],
    ['3b241101e2bb42558caf4136c566a962', 'invalid_uuid'],
  ])('rejects %j as %s', (raw, issue) => {
    expect(parsePilotId(raw)).toEqual({ ok: false, issue });
  });

  it('accepts exactly what isUuid accepts, in lower case, whatever the characters', () => {
    const uuidLike = fc
      .tuple(fc.uuid(), fc.nat(35), fc.constantFrom('g', 'G', '-', ',', ' ', 'é', '0', 'A', '\u0000'))
      .map(([id, at, c]) => id.slice(0, at) + c + id.slice(at + 1));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uuid(),
          fc.uuid().map((id) => id.toUpperCase()),
          uuidLike,
          fc.string(),
        ),
        (raw) => {
          const parsed = parsePilotId(raw);
          if (raw === '') expect(parsed).toEqual({ ok: false, issue: 'required' });
          else if (isUuid(raw)) expect(parsed).toEqual({ ok: true, pilotId: raw.toLowerCase() });
          else expect(parsed).toEqual({ ok: false, issue: 'invalid_uuid' });
        },
      ),
    );
  });
});

describe('parsePilotIdList', () => {
  it('keeps the order of first occurrence and drops duplicates', () => {
    const [a, b, c] = ids(3) as [string, string, string];
    expect(parsePilotIdList([b, a.toUpperCase(), b, c, a].join(','))).toEqual({
      ok: true,
      pilotIds: [b, a, c],
    });
  });

  it('accepts 50 entries and refuses 51, duplicates counted', () => {
    const fifty = ids(MAX_BATCH_PILOT_IDS);
    expect(parsePilotIdList(fifty.join(','))).toMatchObject({ ok: true });
    const same = Array.from({ length: 51 }, () => fifty[0]!);
    expect(parsePilotIdList(same.join(','))).toEqual({ ok: false, issue: 'too_many' });
  });

  it.each([
    [undefined, 'required'],
    ['', 'required'],
    [[randomUUID()], 'repeated'],
    [`${randomUUID()},,${randomUUID()}`, 'invalid_uuid'],
    [`${randomUUID()},`, 'invalid_uuid'],
    [`${randomUUID()}, ${randomUUID()}`, 'invalid_uuid'],
    ['nope', 'invalid_uuid'],
  ])('rejects %j as %s', (raw, issue) => {
    expect(parsePilotIdList(raw)).toEqual({ ok: false, issue });
  });

  it('returns each distinct id of any valid list exactly once, in first-occurrence order', () => {
    fc.assert(
      fc.property(fc.array(fc.uuid(), { minLength: 1, maxLength: 50 }), (list) => {
        const parsed = parsePilotIdList(list.join(','));
        const expected = list.map((id) => id.toLowerCase()).filter((id, i, all) => all.indexOf(id) === i);
        expect(parsed).toEqual({ ok: true, pilotIds: expected });
      }),
    );
  });

  it('tells ids apart that begin alike, in any letter case, and drops only true duplicates', () => {
    // Ids sharing their first 8 hex digits (what the list is first compared by), some repeated.
    const lead = randomUUID().slice(0, 9);
    const alike = fc.uuid().map((id) => lead + id.slice(9));
    const entry = fc.oneof(
      alike,
      alike.map((id) => id.toUpperCase()),
    );
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 25 }), fc.nat(), (list, seed) => {
        const withRepeats = [...list, ...list.filter((_, i) => (i + seed) % 3 === 0)];
        const expected = withRepeats
          .map((id) => id.toLowerCase())
          .filter((id, i, all) => all.indexOf(id) === i);
        expect(parsePilotIdList(withRepeats.join(','))).toEqual({ ok: true, pilotIds: expected });
      }),
    );
  });

  it('refuses a list exactly when an entry is not a UUID, however the entries are spoilt', () => {
    // Entries that are nearly UUIDs: one character replaced, one added or left out, in either case;
    // among the replacements, characters past ASCII whose low byte is a hex digit ('š' is U+0161).
    const spoilt = fc
      .tuple(
        fc.uuid(),
        fc.nat(36),
        fc.constantFrom('', 'g', 'G', '-', ' ', '0', 'é', 'A', ',,', 'š', 'ı', '😀'),
      )
      .map(([id, at, char]) => id.slice(0, at) + char + id.slice(at + 1));
    const entry = fc.oneof(
      fc.uuid(),
      fc.uuid().map((id) => id.toUpperCase()),
      spoilt,
      fc.constant(''),
    );
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 52 }), (list) => {
        const raw = list.join(',');
        const entries = raw.split(',');
        const expected =
          raw === ''
            ? { ok: false, issue: 'required' }
            : entries.length > MAX_BATCH_PILOT_IDS
              ? { ok: false, issue: 'too_many' }
              : entries.every(isUuid)
                ? { ok: true }
                : { ok: false, issue: 'invalid_uuid' };
        expect(parsePilotIdList(raw)).toMatchObject(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
