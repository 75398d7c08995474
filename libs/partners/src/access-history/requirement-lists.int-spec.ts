import { type DataSource } from 'typeorm';
import { connectedPilot, withTestDataSource } from '@pft/testing';
import { createPartner } from '../api-keys/api-keys.repository';
import {
  type CheckToRecord,
  forgetRequirementChecksBefore,
  forgetRequirementListsBefore,
  recordRequirementChecks,
  requirementChecksOf,
  requirementListId,
} from './requirement-checks.statements';

/** Hiring minimums as a partner sends them: its own order of fields, its own ids. */
const MINIMUMS = [
  { metric: 'total_flight_time_minutes', id: 'tt', at_least: 90_000 },
  { id: 'b737', metric: 'pic_minutes', type_designator: ['B737', 'B738'], at_least: 30_000 },
];
const INSURER = [{ id: 'night_pax', currency: 'faa_61_57_b', group: 'airplane_sel' }];

describe('lists of requirements kept once (Postgres)', () => {
  let ds: DataSource;
  withTestDataSource(4, (made) => (ds = made));

  /** A check of `requirements` made on `day` at 10:00 by the database's clock (moved there). */
  const check = (
    connectionId: string,
    partnerId: string,
    requirements: unknown[],
    day = '2026-12-01',
  ): CheckToRecord => ({
    connectionId,
    partnerId,
    perDay: 20,
    entry: { as_of: '2026-11-30', requirements },
    clockOffsetMs: Date.parse(`${day}T10:00:00.000Z`) - Date.now(),
  });

  const lists = async (): Promise<{ id: string; text: string; last_day: string }[]> =>
    (
      await ds.query<{ id: string; text: string; last_day: string }[]>(
        `select encode(list_id, 'hex') as id, requirements::text as text, to_char(last_day, 'YYYY-MM-DD') as last_day
           from requirement_lists order by last_day, requirements::text`,
      )
    ).map((row) => ({ ...row }));

  beforeEach(() => ds.query('truncate requirement_checks, requirement_check_days, requirement_lists'));

  it('keeps a list once however many checks of however many pilots name it, each read back as sent', async () => {
    const { partnerId } = await createPartner(ds, 'Lists kept once');
    const pilots = [
      await connectedPilot(ds, partnerId),
      await connectedPilot(ds, partnerId),
      await connectedPilot(ds, partnerId),
    ];
    const first = await recordRequirementChecks(
      ds,
      pilots.map(({ id }) => check(id, partnerId, MINIMUMS)),
    );
    expect(first.map((r) => r.outcome)).toEqual(['recorded', 'recorded', 'recorded']);
    const again = await recordRequirementChecks(ds, [
      check(pilots[0]!.id, partnerId, MINIMUMS),
      check(pilots[1]!.id, partnerId, INSURER),
    ]);
    expect(again.map((r) => r.outcome)).toEqual(['recorded', 'recorded']);

    // Two lists for five checks, each the very text sent, named by the SHA-256 of that text.
    const texts = [JSON.stringify(INSURER), JSON.stringify(MINIMUMS)].sort();
    expect(await lists()).toEqual(
      texts.map((text) => ({ id: requirementListId(text).toString('hex'), text, last_day: '2026-12-01' })),
    );
    const rows = await ds.query<{ count: number }[]>('select count(*)::int as count from requirement_checks');
    expect(rows[0]?.count).toBe(5);

    const asked = async (pilot: string) =>
      (await requirementChecksOf(ds, pilot, '2026-12-01')).map((row) => row.entry.requirements);
    expect(await asked(pilots[0]!.pilot)).toEqual([MINIMUMS, MINIMUMS]);
    expect(await asked(pilots[1]!.pilot)).toEqual([INSURER, MINIMUMS]);
    expect(await asked(pilots[2]!.pilot)).toEqual([MINIMUMS]);
    const [read] = await requirementChecksOf(ds, pilots[2]!.pilot, '2026-12-01');
    expect(Object.keys(read!.entry.requirements[1] as object)).toEqual([
      'id',
      'metric',
      'type_designator',
      'at_least',
    ]);
    // At the database's time (moved to 10:00 by its offset), to the millisecond.
    expect(read!.entry).toEqual({
      at: expect.stringMatching(/^2026-12-01T10:00:0\d\.\d{3}Z$/),
      as_of: '2026-11-30',
      requirements: MINIMUMS,
    });
  });

  it('moves a list’s last day on to the last day a check named it; retention deletes it once no kept day can', async () => {
    const { partnerId } = await createPartner(ds, 'Lists over the days');
    const { id, pilot } = await connectedPilot(ds, partnerId);
    await recordRequirementChecks(ds, [check(id, partnerId, MINIMUMS, '2026-11-01')]);
    await recordRequirementChecks(ds, [check(id, partnerId, INSURER, '2026-11-01')]);
    expect((await lists()).map((l) => l.last_day)).toEqual(['2026-11-01', '2026-11-01']);
    await recordRequirementChecks(ds, [check(id, partnerId, MINIMUMS, '2026-11-20')]);
    expect((await lists()).map((l) => [l.text, l.last_day])).toEqual([
      [JSON.stringify(INSURER), '2026-11-01'],
      [JSON.stringify(MINIMUMS), '2026-11-20'],
    ]);

    // Nothing before the first day kept: nothing deleted.
    expect(await forgetRequirementChecksBefore(ds, '2026-11-01', 10)).toBe(0);
    expect(await forgetRequirementListsBefore(ds, '2026-11-01', 10)).toBe(0);
    // The 1st gone: the list last named then goes with it; the one named on the 20th stays for its check.
    expect(await forgetRequirementChecksBefore(ds, '2026-11-20', 10)).toBe(1);
    expect(await forgetRequirementListsBefore(ds, '2026-11-20', 10)).toBe(1);
    expect((await lists()).map((l) => l.text)).toEqual([JSON.stringify(MINIMUMS)]);
    expect((await requirementChecksOf(ds, pilot, '2000-01-01')).map((r) => r.entry.requirements)).toEqual([
      MINIMUMS,
    ]);
    // A day of checks another transaction holds (an erasure under way) is passed by, and so are the
    // lists named since before it: none is deleted while a check kept names it.
    const held = await connectedPilot(ds, partnerId);
    await recordRequirementChecks(ds, [check(held.id, partnerId, INSURER, '2026-11-10')]);
    const runner = ds.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      await runner.query(`select 1 from requirement_check_days where pilot_account_id = $1 for update`, [
        held.pilot,
      ]);
      expect(await forgetRequirementChecksBefore(ds, '2026-11-20', 10)).toBe(0);
      expect(await forgetRequirementListsBefore(ds, '2026-11-20', 10)).toBe(0);
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    expect((await lists()).map((l) => [l.text, l.last_day])).toEqual([
      [JSON.stringify(INSURER), '2026-11-10'],
      [JSON.stringify(MINIMUMS), '2026-11-20'],
    ]);
    expect(await forgetRequirementChecksBefore(ds, '2026-11-20', 10)).toBe(1);
    expect(await forgetRequirementListsBefore(ds, '2026-11-20', 10)).toBe(1);
    // Named again after it was deleted, a list is kept anew.
    await recordRequirementChecks(ds, [check(id, partnerId, INSURER, '2026-11-21')]);
    expect((await lists()).map((l) => [l.text, l.last_day])).toEqual([
      [JSON.stringify(MINIMUMS), '2026-11-20'],
      [JSON.stringify(INSURER), '2026-11-21'],
    ]);
  });
});
