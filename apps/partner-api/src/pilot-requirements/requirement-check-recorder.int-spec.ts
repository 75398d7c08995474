import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { type CheckToRecord, createPartner, type RecordedCheck, requirementChecksOf } from '@pft/partners';
import { withTestDataSource } from '@pft/testing';
import { RequirementCheckRecorder } from './requirement-check-recorder';

const DAY = '2026-12-01';
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('RequirementCheckRecorder (Postgres)', () => {
  let ds: DataSource;
  withTestDataSource(8, (made) => (ds = made));

  async function connected(partnerId: string): Promise<{ pilot: string; id: string }> {
    const pilot = randomUUID();
    const id = randomUUID();
    await ds.query(
      `insert into connections (connection_id, partner_id, pilot_account_id, linked_at, shares_experience)
       values ($1, $2, $3, now(), true)`,
      [id, partnerId, pilot],
    );
    return { pilot, id };
  }

  const check = (connectionId: string, partnerId: string, n: number): CheckToRecord => ({
    connectionId,
    partnerId,
    day: DAY,
    perDay: 20,
    entry: { at: `${DAY}T10:00:00.000Z`, as_of: DAY, requirements: [{ id: `r${n}`, metric: 'pic_minutes' }] },
  });

  it('records exactly 20 of 30 checks of one pilot sent over several turns, those answered recorded', async () => {
    const { partnerId } = await createPartner(ds, 'Checks over turns');
    const { id, pilot } = await connected(partnerId);
    const recorder = new RequirementCheckRecorder(ds);
    const outcomes: Promise<RecordedCheck>[] = [];
    for (let turn = 0; turn < 6; turn++) {
      for (let n = 0; n < 5; n++) outcomes.push(recorder.record(check(id, partnerId, turn * 5 + n)));
      await nextTurn();
    }
    const settled = await Promise.all(outcomes);
    expect(settled.filter((o) => o === 'limit_reached')).toHaveLength(10);
    const recorded = settled.flatMap((o, n) => (o === 'recorded' ? [`r${n}`] : []));
    expect(recorded).toHaveLength(20);
    const kept = (await requirementChecksOf(ds, pilot, DAY)).map((row) => row.entry.requirements);
    expect(kept.map(([r]) => (r as { id: string }).id).sort()).toEqual(recorded.sort());
  });

  it('gathers the checks that come while its statements run into the next statement', async () => {
    const { partnerId } = await createPartner(ds, 'Checks gathered');
    const pilots = await Promise.all(Array.from({ length: 40 }, () => connected(partnerId)));
    const recorder = new RequirementCheckRecorder(ds);
    // Each batch the recorder runs is one statement (a transaction when a connection is in it twice).
    const batches = jest.spyOn(recorder as unknown as { recordAll(checks: unknown[]): unknown }, 'recordAll');
    const outcomes: Promise<RecordedCheck>[] = [];
    // One check a turn: forty turns pass in far less time than a statement takes.
    for (const [n, { id }] of pilots.entries()) {
      outcomes.push(recorder.record(check(id, partnerId, n)));
      await nextTurn();
    }
    expect(await Promise.all(outcomes)).toEqual(Array<RecordedCheck>(40).fill('recorded'));
    expect(batches.mock.calls.flatMap(([checks]) => checks)).toHaveLength(40);
    expect(batches.mock.calls.length).toBeLessThan(20);
    for (const { pilot } of pilots) expect(await requirementChecksOf(ds, pilot, DAY)).toHaveLength(1);
  });
});
