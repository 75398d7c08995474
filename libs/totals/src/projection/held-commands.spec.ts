import { type EventMessage } from '@pft/contracts';
import { type DecodedMessage } from './batch-messages';
import { HeldCommands, HOLD_LIMIT_MS, HOLD_MAX_MESSAGES } from './held-commands';

const decoded = (offset: number): DecodedMessage => ({
  message: { offset: String(offset), key: null, value: null },
  decoded: { ok: true, message: { stream_id: 'logbook-a', stream_version: offset } as EventMessage },
});
const range = (from: number, to: number): DecodedMessage[] =>
  Array.from({ length: to - from + 1 }, (_, i) => decoded(from + i));

describe('HeldCommands', () => {
  let now = 0;
  const commands = () => new HeldCommands(() => now);

  beforeEach(() => (now = 1_000));

  it('keeps what a batch held back for the next fetch of its partition, and forgets it once nothing is held', () => {
    const held = commands();
    expect(held.before(3, '0')).toEqual([]);
    held.keep(3, { held: range(40, 49), heldCommand: { first: '40', last: '49' } }, '49');
    expect(held.before(3, '50')).toEqual(range(40, 49));
    expect(held.before(4, '50')).toEqual([]);
    // A fetch that brings some of it again still gets it: the batch skips what it holds already.
    expect(held.before(3, '45')).toEqual(range(40, 49));
    held.keep(3, { held: [], heldCommand: null }, '60');
    expect(held.before(3, '61')).toEqual([]);
  });

  it('forgets what a partition held when its next fetch begins past where the last one ended', () => {
    const held = commands();
    held.keep(0, { held: range(10, 12), heldCommand: { first: '10', last: '12' } }, '14');
    expect(held.before(0, '16')).toEqual([]);
    expect(held.before(0, '15')).toEqual([]);
  });

  it('tells how many messages all partitions hold back whenever that changes', () => {
    const reported: number[] = [];
    const held = new HeldCommands(
      () => now,
      undefined,
      (messages) => reported.push(messages),
    );
    held.keep(0, { held: range(1, 4), heldCommand: { first: '1', last: '4' } }, '4');
    held.keep(1, { held: range(10, 12), heldCommand: { first: '10', last: '12' } }, '12');
    held.keep(0, { held: range(1, 6), heldCommand: { first: '1', last: '6' } }, '6');
    expect(held.messages).toBe(9);
    held.forget(1);
    held.forget(1);
    expect(held.before(0, '9')).toEqual([]);
    held.keep(2, { held: range(20, 21), heldCommand: { first: '20', last: '21' } }, '21');
    held.forgetAll();
    held.forgetAll();
    expect(reported).toEqual([4, 7, 9, 6, 0, 2, 0]);
    expect(held.messages).toBe(0);
  });

  it('forgets a partition, or all of them on a join of the group', () => {
    const held = commands();
    held.keep(0, { held: range(1, 2), heldCommand: { first: '1', last: '2' } }, '2');
    held.keep(1, { held: range(5, 6), heldCommand: { first: '5', last: '6' } }, '6');
    held.forget(0);
    expect(held.before(0, '3')).toEqual([]);
    expect(held.before(1, '7')).toHaveLength(2);
    held.forgetAll();
    expect(held.before(1, '7')).toEqual([]);
  });

  it('holds a command back as long as more of it keeps coming, however long that takes', () => {
    const held = commands();
    held.keep(2, { held: range(0, 499), heldCommand: { first: '0', last: '499' } }, '499');
    for (let last = 999; last < 50_000; last += 500) {
      now += HOLD_LIMIT_MS / 2;
      const command = { first: '0', last: String(last), messages: last + 1 };
      expect(held.holds(2, command)).toBe(true);
      held.keep(2, { held: range(0, last), heldCommand: command }, String(last));
    }
  });

  it('applies a command in parts once it has gone longer than the limit without growing', () => {
    const held = commands();
    const command = { first: '7', last: '9', messages: 3 };
    expect(held.holds(5, command)).toBe(true);
    held.keep(5, { held: range(7, 9), heldCommand: command }, '9');
    now += HOLD_LIMIT_MS;
    // Other pilots' events after it keep coming; the command itself does not grow.
    held.keep(5, { held: range(7, 20), heldCommand: command }, '20');
    expect(held.holds(5, { ...command, messages: 14 })).toBe(true);
    now += 1;
    expect(held.holds(5, { ...command, messages: 20 })).toBe(false);
    // More of it in the same batch: it is still coming.
    expect(held.holds(5, { ...command, last: '21', messages: 21 })).toBe(true);
    expect(held.holds(6, { ...command, messages: 20 })).toBe(true);
  });

  it('applies a command in parts rather than hold more messages back than the bound', () => {
    const held = commands();
    expect(held.holds(0, { first: '0', last: '1', messages: HOLD_MAX_MESSAGES })).toBe(true);
    expect(held.holds(0, { first: '0', last: '1', messages: HOLD_MAX_MESSAGES + 1 })).toBe(false);
  });
});
