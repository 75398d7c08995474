import { computeTotals } from '@pft/totals/domain';
import { type KeptAnswer } from './pilot-totals.database';
import { PilotTotalsView } from './pilot-totals.view';
import { MAX_KEPT_ANSWERS, TotalsMemory } from './totals-memory';

const view = (pilotId: string): PilotTotalsView =>
  PilotTotalsView.of(pilotId, '2026-11-01T00:00:00.000Z', computeTotals([], null));
const versions = { stream: 3, projection: 1 };
const answer = (pilotId: string): KeptAnswer => ({ view: view(pilotId), versions });

describe('TotalsMemory', () => {
  it('gives an answer back to the same partner under the revision it was read under, within its lifetime', () => {
    const memory = new TotalsMemory(1000);
    memory.put('partner-a', [answer('p1')], '7', 0);
    expect(memory.entry('partner-a', 'p1', '7', 999)?.view).toEqual(view('p1'));
    expect(memory.entry('partner-b', 'p1', '7', 999)?.view).toBeUndefined();
    expect(memory.entry('partner-a', 'p2', '7', 999)?.view).toBeUndefined();
  });

  it('never gives an answer as it is again once the revision has moved on, even if it came back, but keeps it for a check', () => {
    const memory = new TotalsMemory(1000);
    memory.put('partner-a', [answer('p1')], '7', 0);
    expect(memory.entry('partner-a', 'p1', '8', 1)?.view).toBeUndefined();
    expect(memory.entry('partner-a', 'p1', '7', 2)?.view).toBeUndefined();
    expect(memory.kept('partner-a', 'p1')).toEqual(answer('p1'));
    expect(memory.kept('partner-b', 'p1')).toBeUndefined();
  });

  it('treats the answers of one read alike: once one has stopped counting, so have the others', () => {
    const memory = new TotalsMemory(1000);
    memory.put('partner-a', [answer('p1'), answer('p2')], '7', 0);
    expect(memory.entry('partner-a', 'p2', '7', 1)?.view).toEqual(view('p2'));
    expect(memory.entry('partner-a', 'p1', '8', 2)?.view).toBeUndefined();
    expect(memory.entry('partner-a', 'p2', '7', 3)?.view).toBeUndefined();
    expect(memory.kept('partner-a', 'p2')).toEqual(answer('p2'));
  });

  it('gives an answer read again as it is, under the revision it was read under', () => {
    const memory = new TotalsMemory(1000);
    memory.put('partner-a', [answer('p1')], '7', 0);
    expect(memory.entry('partner-a', 'p1', '8', 1)?.view).toBeUndefined();
    memory.put('partner-a', [answer('p1')], '8', 2);
    expect(memory.entry('partner-a', 'p1', '8', 3)?.view).toEqual(view('p1'));
  });

  it('stops giving an answer at the end of its lifetime, and keeps it for a check', () => {
    const memory = new TotalsMemory(1000);
    memory.put('partner-a', [answer('p1')], '7', 0);
    expect(memory.entry('partner-a', 'p1', '7', 1000)?.view).toBeUndefined();
    expect(memory.entry('partner-a', 'p1', '7', 1001)?.view).toBeUndefined();
    expect(memory.kept('partner-a', 'p1')).toEqual(answer('p1'));
  });

  it("never gives one partner's answer to another, nor keeps it for another's check", () => {
    const memory = new TotalsMemory(1000);
    for (let i = 0; i < 1000; i++)
      memory.put(i % 2 === 0 ? 'partner-a' : 'partner-b', [answer(`p${i}`)], '7', 0);
    expect(memory.entry('partner-a', 'p0', '7', 1)?.view).toEqual(view('p0'));
    expect(memory.entry('partner-b', 'p0', '7', 1)?.view).toBeUndefined();
    expect(memory.kept('partner-b', 'p0')).toBeUndefined();
    expect(memory.entry('partner-b', 'p1', '7', 1)?.view).toEqual(view('p1'));
    expect(memory.entry('partner-a', 'p1', '7', 1)?.view).toBeUndefined();
  });

  it("forgets a partner's answer when told to, and never another partner's", () => {
    const memory = new TotalsMemory(1000);
    memory.put('partner-a', [answer('p1')], '7', 0);
    memory.forget('partner-b', 'p1');
    expect(memory.kept('partner-a', 'p1')).toEqual(answer('p1'));
    memory.forget('partner-a', 'p1');
    expect(memory.kept('partner-a', 'p1')).toBeUndefined();
    expect(memory.entry('partner-a', 'p1', '7', 1)?.view).toBeUndefined();
  });

  it('lets go of the answers read before a sweep’s cut-off, keeping those read or stored again since', () => {
    const memory = new TotalsMemory(1000);
    memory.put('partner-a', [answer('p1'), answer('p2')], '7', 100);
    memory.put('partner-b', [answer('p3')], '7', 200);
    memory.put('partner-a', [answer('p4')], '7', 300);
    memory.put('partner-a', [answer('p1')], '7', 400);
    expect(memory.sweep(100)).toBe(0);
    expect(memory.sweep(301)).toBe(3);
    for (const [partner, pilot] of [
      ['partner-a', 'p2'],
      ['partner-b', 'p3'],
      ['partner-a', 'p4'],
    ])
      expect(memory.kept(partner!, pilot!)).toBeUndefined();
    expect(memory.kept('partner-a', 'p1')).toEqual(answer('p1'));
    expect(memory.sweep(401)).toBe(1);
    expect(memory.kept('partner-a', 'p1')).toBeUndefined();
  });

  it('drops at most as many old answers as a sweep is allowed, the least recently stored first', () => {
    const memory = new TotalsMemory(1000);
    memory.put('partner-a', [answer('p1'), answer('p2'), answer('p3')], '7', 100);
    memory.put('partner-a', [answer('p4')], '7', 200);
    expect(memory.sweep(201, 2)).toBe(2);
    expect(memory.kept('partner-a', 'p1')).toBeUndefined();
    expect(memory.kept('partner-a', 'p2')).toBeUndefined();
    expect(memory.kept('partner-a', 'p3')).toEqual(answer('p3'));
    expect(memory.sweep(201, 2)).toBe(2);
    expect(memory.sweep(201, 2)).toBe(0);
  });

  it('keeps at most MAX_KEPT_ANSWERS answers, letting the least recently stored go first', () => {
    const memory = new TotalsMemory(1000);
    for (let i = 0; i < MAX_KEPT_ANSWERS; i++) memory.put('partner-a', [answer(`p${i}`)], '7', 0);
    // Looked up, not stored again: a look-up does not keep it; stored again, p1 stays.
    expect(memory.entry('partner-a', 'p0', '7', 1)?.view).toEqual(view('p0'));
    memory.put('partner-a', [answer('p1')], '7', 0);
    memory.put('partner-a', [answer('p-new')], '7', 0);
    expect(memory.kept('partner-a', 'p0')).toBeUndefined();
    memory.put('partner-a', [answer('p-newer')], '7', 0);
    expect(memory.kept('partner-a', 'p2')).toBeUndefined();
    expect(memory.entry('partner-a', 'p1', '7', 1)?.view).toEqual(view('p1'));
    expect(memory.entry('partner-a', 'p3', '7', 1)?.view).toEqual(view('p3'));
    expect(memory.entry('partner-a', 'p-new', '7', 1)?.view).toEqual(view('p-new'));
    expect(memory.entry('partner-a', 'p-newer', '7', 1)?.view).toEqual(view('p-newer'));
  });

  it('counts an answer replaced once, so the bound is not reached early', () => {
    const memory = new TotalsMemory(1000);
    for (let i = 0; i < MAX_KEPT_ANSWERS - 1; i++) memory.put('partner-a', [answer(`p${i}`)], '7', 0);
    memory.put('partner-a', [answer('p0')], '7', 0);
    memory.put('partner-a', [answer('p-last')], '7', 0);
    // Full, with nothing let go: p1, now the least recently stored, is still there.
    expect(memory.kept('partner-a', 'p1')).toEqual(answer('p1'));
    memory.put('partner-a', [answer('p-over')], '7', 0);
    expect(memory.kept('partner-a', 'p1')).toBeUndefined();
    expect(memory.kept('partner-a', 'p0')).toEqual(answer('p0'));
    expect(memory.kept('partner-a', 'p2')).toEqual(answer('p2'));
  });
});
