import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { connectedPilot, withTestDataSource } from '@pft/testing';
import { createPartner } from '../api-keys/api-keys.repository';
import { AccessHistory } from './access-history.module';
import {
  type CheckToRecord,
  forgetRequirementChecksBefore,
  recordRequirementCheck,
  recordRequirementChecks,
  requirementChecksOf,
} from './requirement-checks.statements';

describe('requirement checks in the access history (Postgres)', () => {
  let ds: DataSource;
  withTestDataSource(8, (made) => (ds = made));

  /** A check made at `day` 10:00:`n` by the database's clock (moved there by its offset). */
  const check = (
    connectionId: string,
    partnerId: string,
    n: number,
    day = '2026-12-01',
    perDay = 20,
  ): CheckToRecord => ({
    connectionId,
    partnerId,
    perDay,
    entry: {
      as_of: day,
      // Fields in the partner's order, not in any canonical one: kept as sent.
      requirements: [{ metric: 'pic_minutes', id: `r${n}`, at_least: n }],
    },
    clockOffsetMs: Date.parse(`${day}T10:00:${String(n).padStart(2, '0')}.000Z`) - Date.now(),
  });
  const recorded = async (c: CheckToRecord) => (await recordRequirementCheck(ds, c)).outcome;

  it('counts at most perDay checks a day, exactly, however many arrive at once; the next day starts again', async () => {
    const { partnerId } = await createPartner(ds, 'Checks at once');
    const { id, pilot } = await connectedPilot(ds, partnerId);
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, n) => recorded(check(id, partnerId, n))),
    );
    expect(outcomes.filter((o) => o === 'recorded')).toHaveLength(20);
    expect(outcomes.filter((o) => o === 'limit_reached')).toHaveLength(10);
    expect(await requirementChecksOf(ds, pilot, '2026-12-01')).toHaveLength(20);
    expect(await recorded(check(id, partnerId, 31, '2026-12-02'))).toBe('recorded');
  });

  it('records several connections’ checks in one statement, each answered with its own outcome in the order sent', async () => {
    const { partnerId } = await createPartner(ds, 'Checks together');
    const [a, b, full] = [
      await connectedPilot(ds, partnerId),
      await connectedPilot(ds, partnerId),
      await connectedPilot(ds, partnerId),
    ];
    const notSharing = await connectedPilot(ds, partnerId, { shares: false });
    for (let n = 0; n < 2; n++) await recorded(check(full.id, partnerId, n, '2026-12-01', 2));
    const outcomes = (
      await recordRequirementChecks(ds, [
        check(a.id, partnerId, 10, '2026-12-01', 2),
        check(randomUUID(), partnerId, 11, '2026-12-01', 2),
        check(full.id, partnerId, 12, '2026-12-01', 2),
        check(notSharing.id, partnerId, 13, '2026-12-01', 2),
        check(b.id, partnerId, 14, '2026-12-01', 2),
      ])
    ).map((r) => r.outcome);
    expect(outcomes).toEqual(['recorded', 'not_linked', 'limit_reached', 'not_shared', 'recorded']);
    const ids = async (pilot: string) =>
      (await requirementChecksOf(ds, pilot, '2026-12-01')).map((r) => r.entry.requirements);
    expect(await ids(a.pilot)).toEqual([[{ metric: 'pic_minutes', id: 'r10', at_least: 10 }]]);
    expect(await ids(b.pilot)).toEqual([[{ metric: 'pic_minutes', id: 'r14', at_least: 14 }]]);
    expect(await ids(full.pilot)).toHaveLength(2);
    expect(await ids(notSharing.pilot)).toEqual([]);
  });

  it('counts per partner and pilot account: a new connection of the same pilot shares the day’s count', async () => {
    const { partnerId } = await createPartner(ds, 'Relinked');
    const first = await connectedPilot(ds, partnerId);
    for (let n = 0; n < 3; n++)
      expect(await recorded(check(first.id, partnerId, n, '2026-12-01', 4))).toBe('recorded');
    await ds.query('update connections set disconnected_at = now() where connection_id = $1', [first.id]);
    expect(await recorded(check(first.id, partnerId, 3, '2026-12-01', 4))).toBe('not_linked');
    const again = await connectedPilot(ds, partnerId, { pilot: first.pilot });
    expect(await recorded(check(again.id, partnerId, 4, '2026-12-01', 4))).toBe('recorded');
    expect(await recorded(check(again.id, partnerId, 5, '2026-12-01', 4))).toBe('limit_reached');
    // Another partner of the same pilot has its own count.
    const other = await createPartner(ds, 'Other');
    const theirs = await connectedPilot(ds, other.partnerId, { pilot: first.pilot });
    expect(await recorded(check(theirs.id, other.partnerId, 6, '2026-12-01', 4))).toBe('recorded');
  });

  it('records nothing for a connection unknown, another partner’s, or not sharing the experience', async () => {
    const { partnerId } = await createPartner(ds, 'Refused');
    const other = await createPartner(ds, 'Not theirs');
    const notSharing = await connectedPilot(ds, partnerId, { shares: false });
    const theirs = await connectedPilot(ds, other.partnerId);
    expect(await recorded(check(randomUUID(), partnerId, 1))).toBe('not_linked');
    expect(await recorded(check(theirs.id, partnerId, 1))).toBe('not_linked');
    expect(await recorded(check(notSharing.id, partnerId, 1))).toBe('not_shared');
    for (const pilot of [notSharing.pilot, theirs.pilot])
      expect(await requirementChecksOf(ds, pilot, '2000-01-01')).toEqual([]);
  });

  it('reads the checks newest first, with the requirements as sent; forgets them with the access history', async () => {
    const { partnerId } = await createPartner(ds, 'Read back');
    const { id, pilot } = await connectedPilot(ds, partnerId);
    await recorded(check(id, partnerId, 1, '2026-11-30'));
    await recorded(check(id, partnerId, 2, '2026-12-01'));
    await recorded(check(id, partnerId, 3, '2026-12-01'));
    const read = await requirementChecksOf(ds, pilot, '2026-11-30');
    // Each at the database's time, to the millisecond: within the second the offset moved it to.
    expect(read.map((r) => r.entry.at.slice(0, 19))).toEqual([
      '2026-12-01T10:00:03',
      '2026-12-01T10:00:02',
      '2026-11-30T10:00:01',
    ]);
    expect(read[0]!.entry.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(read[0]).toEqual({
      partner_id: partnerId,
      entry: { at: read[0]!.entry.at, ...check(id, partnerId, 3).entry },
    });
    expect(Object.keys(read[0]!.entry)).toEqual(['at', 'as_of', 'requirements']);
    expect(Object.keys(read[0]!.entry.requirements[0] as object)).toEqual(['metric', 'id', 'at_least']);
    expect(await requirementChecksOf(ds, pilot, '2026-12-01')).toHaveLength(2);

    expect(await new AccessHistory(ds).forgetPilot(pilot)).toBe(3);
    expect(await requirementChecksOf(ds, pilot, '2000-01-01')).toEqual([]);
  });

  it('retention deletes the days before the first kept, a bounded number of rows a statement', async () => {
    const { partnerId } = await createPartner(ds, 'Retention');
    const { id, pilot } = await connectedPilot(ds, partnerId);
    for (const day of ['1999-01-01', '1999-01-02', '1999-01-03', '1999-02-01'])
      await recorded(check(id, partnerId, 1, day));
    expect(await forgetRequirementChecksBefore(ds, '1999-02-01', 2)).toBe(2);
    expect(await forgetRequirementChecksBefore(ds, '1999-02-01', 2)).toBe(1);
    expect(await forgetRequirementChecksBefore(ds, '1999-02-01', 2)).toBe(0);
    expect((await requirementChecksOf(ds, pilot, '1900-01-01')).map((r) => r.entry.as_of)).toEqual([
      '1999-02-01',
    ]);
  });
});
