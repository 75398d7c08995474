import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
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
});
