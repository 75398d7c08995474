import { type DataSource } from 'typeorm';
import {
  type CheckRecorded,
  type CheckToRecord,
  createPartner,
  type RecordedCheck,
  requirementChecksOf,
} from '@pft/partners';
import { connectedPilot, withTestDataSource } from '@pft/testing';
import { fingerprintOf } from '../idempotency/idempotency-key';
import { IdempotencyStore, keptSuccess } from '../idempotency/idempotency.store';
import { RequirementCheckRecorder } from './requirement-check-recorder';

const DAY = '2026-12-01';
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('RequirementCheckRecorder (Postgres)', () => {
  let ds: DataSource;
  withTestDataSource(8, (made) => (ds = made));

  const check = (connectionId: string, partnerId: string, n: number): CheckToRecord => ({
    connectionId,
    partnerId,
    perDay: 20,
    entry: { as_of: DAY, requirements: [{ id: `r${n}`, metric: 'pic_minutes' }] },
    // The database's clock moved to DAY, 10:00 UTC.
    clockOffsetMs: Date.parse(`${DAY}T10:00:00.000Z`) - Date.now(),
  });

  it('records exactly 20 of 30 checks of one pilot sent over several turns, those answered recorded', async () => {
    const { partnerId } = await createPartner(ds, 'Checks over turns');
    const { id, pilot } = await connectedPilot(ds, partnerId);
    const recorder = new RequirementCheckRecorder(ds);
    const outcomes: Promise<CheckRecorded>[] = [];
    for (let turn = 0; turn < 6; turn++) {
      for (let n = 0; n < 5; n++) outcomes.push(recorder.record(check(id, partnerId, turn * 5 + n)));
      await nextTurn();
    }
    const settled = (await Promise.all(outcomes)).map((o) => o.outcome);
    expect(settled.filter((o) => o === 'limit_reached')).toHaveLength(10);
    const recorded = settled.flatMap((o, n) => (o === 'recorded' ? [`r${n}`] : []));
    expect(recorded).toHaveLength(20);
    const kept = (await requirementChecksOf(ds, pilot, DAY)).map((row) => row.entry.requirements);
    expect(kept.map(([r]) => (r as { id: string }).id).sort()).toEqual(recorded.sort());
  });

  it('gathers the checks that come while its statements run into the next statement', async () => {
    const { partnerId } = await createPartner(ds, 'Checks gathered');
    const pilots = await Promise.all(Array.from({ length: 40 }, () => connectedPilot(ds, partnerId)));
    const recorder = new RequirementCheckRecorder(ds);
    // Each batch the recorder runs is one statement (a transaction when a connection is in it twice).
    const batches = jest.spyOn(recorder as unknown as { recordAll(checks: unknown[]): unknown }, 'recordAll');
    const outcomes: Promise<CheckRecorded>[] = [];
    // One check a turn: forty turns pass in far less time than a statement takes.
    for (const [n, { id }] of pilots.entries()) {
      outcomes.push(recorder.record(check(id, partnerId, n)));
      await nextTurn();
    }
    expect((await Promise.all(outcomes)).map((o) => o.outcome)).toEqual(
      Array<RecordedCheck>(40).fill('recorded'),
    );
    expect(batches.mock.calls.flatMap(([checks]) => checks)).toHaveLength(40);
    expect(batches.mock.calls.length).toBeLessThan(20);
    for (const { pilot } of pilots) expect(await requirementChecksOf(ds, pilot, DAY)).toHaveLength(1);
  });

  it('writes a check again when its list of requirements was deleted by the retention meanwhile', async () => {
    const { partnerId } = await createPartner(ds, 'Lists gone meanwhile');
    const [a, b] = [await connectedPilot(ds, partnerId), await connectedPilot(ds, partnerId)];
    const recorder = new RequirementCheckRecorder(ds);
    // The list deleted under the statement's feet once, after it found it kept, before its check names it.
    await ds.query(`
      create sequence list_gone_once;
      create function delete_list_once() returns trigger language plpgsql as $$
        begin
          if nextval('list_gone_once') = 1 then delete from requirement_lists where list_id = new.list_id; end if;
          return new;
        end $$;
      create trigger list_gone_once before insert on requirement_checks
        for each row execute function delete_list_once()`);
    try {
      expect((await recorder.record(check(a.id, partnerId, 1))).outcome).toBe('recorded');
      await ds.query('alter sequence list_gone_once restart');
      const keep = jest.fn(() => Promise.resolve());
      expect((await recorder.recordWith(check(b.id, partnerId, 2), keep)).outcome).toBe('recorded');
      // Refused at its statement the first time (so its answer was never kept then), written the second.
      const sequence = await ds.query<{ calls: string }[]>('select last_value as calls from list_gone_once');
      expect(Number(sequence[0]?.calls)).toBe(2);
      expect(keep).toHaveBeenCalledTimes(1);
    } finally {
      await ds.query(`drop trigger list_gone_once on requirement_checks;
        drop function delete_list_once(); drop sequence list_gone_once`);
    }
    for (const [{ pilot }, n] of [
      [a, 1],
      [b, 2],
    ] as const)
      expect((await requirementChecksOf(ds, pilot, DAY)).map((r) => r.entry.requirements)).toEqual([
        [{ id: `r${n}`, metric: 'pic_minutes' }],
      ]);
  });

  describe('a check under an Idempotency-Key', () => {
    const fingerprint = fingerprintOf('POST', '/v1/pilot-requirements/check', Buffer.from('{"n":1}'));
    const dayCount = async (pilot: string): Promise<number | undefined> => {
      const rows = await ds.query<{ checks: number }[]>(
        `select checks from requirement_check_days where pilot_account_id = $1`,
        [pilot],
      );
      return rows[0]?.checks;
    };

    it('keeps its answer with its record: a retry after the answer was lost replays it, counted once', async () => {
      const { partnerId } = await createPartner(ds, 'Checks kept with their answer');
      const { id, pilot } = await connectedPilot(ds, partnerId);
      const store = new IdempotencyStore(ds);
      const recorder = new RequirementCheckRecorder(ds);
      expect(await store.claim(partnerId, 'check-1', fingerprint, 'request-1')).toEqual({ claimed: true });
      const claim = { partnerId, key: 'check-1', requestId: 'request-1' };
      const answer = keptSuccess(200, { pilot_id: id, all_met: true });
      const recorded = await recorder.recordWith(check(id, partnerId, 1), (tx) =>
        store.completeWithin(tx, claim, answer),
      );
      expect(recorded.outcome).toBe('recorded');
      // The replica died before its interceptor kept the answer, and the retry comes after a claim
      // still in progress would be taken for abandoned: the answer is there, so it is replayed.
      await ds.query(
        `update idempotency_keys set created_at = now() - interval '1 hour'
          where partner_id = $1 and idempotency_key = 'check-1'`,
        [partnerId],
      );
      const retry = await store.claim(partnerId, 'check-1', fingerprint, 'request-2');
      expect(retry).toEqual({
        claimed: false,
        earlier: { state: 'completed', fingerprint: expect.anything() as unknown, answer },
      });
      expect(await requirementChecksOf(ds, pilot, DAY)).toHaveLength(1);
      expect(await dayCount(pilot)).toBe(1);
    });

    it('records and counts nothing when its answer cannot be kept under the key', async () => {
      const { partnerId } = await createPartner(ds, 'Checks whose key is taken');
      const { id, pilot } = await connectedPilot(ds, partnerId);
      const store = new IdempotencyStore(ds);
      const recorder = new RequirementCheckRecorder(ds);
      // The key is another request's now (taken over as abandoned): this one's answer has no claim.
      expect(await store.claim(partnerId, 'check-2', fingerprint, 'request-2')).toEqual({ claimed: true });
      const claim = { partnerId, key: 'check-2', requestId: 'request-1' };
      await expect(
        recorder.recordWith(check(id, partnerId, 2), (tx) =>
          store.completeWithin(tx, claim, keptSuccess(200, { pilot_id: id })),
        ),
      ).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
      expect(await requirementChecksOf(ds, pilot, DAY)).toHaveLength(0);
      expect(await dayCount(pilot)).toBeUndefined();
    });

    it("keeps no answer for a check refused past the day's limit", async () => {
      const { partnerId } = await createPartner(ds, 'Checks kept past the limit');
      const { id, pilot } = await connectedPilot(ds, partnerId);
      const store = new IdempotencyStore(ds);
      const recorder = new RequirementCheckRecorder(ds);
      for (let n = 0; n < 20; n++)
        expect((await recorder.record(check(id, partnerId, n))).outcome).toBe('recorded');
      expect(await store.claim(partnerId, 'check-3', fingerprint, 'request-3')).toEqual({ claimed: true });
      const keep = jest.fn((tx: Parameters<IdempotencyStore['completeWithin']>[0]) =>
        store.completeWithin(tx, { partnerId, key: 'check-3', requestId: 'request-3' }, keptSuccess(200, {})),
      );
      expect((await recorder.recordWith(check(id, partnerId, 20), keep)).outcome).toBe('limit_reached');
      expect(keep).not.toHaveBeenCalled();
      expect(await requirementChecksOf(ds, pilot, DAY)).toHaveLength(20);
      expect(await dayCount(pilot)).toBe(20);
    });
  });
});
