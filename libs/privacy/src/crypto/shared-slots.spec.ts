import { SharedSlots } from './shared-slots';

describe('SharedSlots', () => {
  it('gives the smallest spare slot large enough, and a new one of at least the least size when none is', () => {
    const slots = new SharedSlots(4, 100);
    const small = slots.take(10);
    const large = slots.take(500);
    expect(small.buffer.byteLength).toBe(100);
    expect(large.buffer.byteLength).toBe(500);
    slots.give(large);
    slots.give(small);
    expect(slots.take(50)).toBe(small);
    expect(slots.take(50)).toBe(large);
    expect(slots.take(50)).not.toBe(small);
  });

  it('hands each slot to the thread once, until a new thread starts', () => {
    const slots = new SharedSlots(4, 100);
    const a = slots.take(10);
    const b = slots.take(10);
    expect(slots.news([a, b]).register).toEqual([
      [a.id, a.buffer],
      [b.id, b.buffer],
    ]);
    expect(slots.news([a, b]).register).toEqual([]);
    slots.newThread();
    expect(slots.news([b]).register).toEqual([[b.id, b.buffer]]);
  });

  it('tells the thread to let go of a slot no longer kept, once, and only of one it holds', () => {
    const slots = new SharedSlots(1, 100);
    const kept = slots.take(10);
    const held = slots.take(10);
    const neverHeld = slots.take(10);
    slots.news([kept, held]);
    slots.give(kept);
    slots.give(held);
    slots.give(neverHeld);
    expect(slots.news([]).drop).toEqual([held.id]);
    expect(slots.news([]).drop).toEqual([]);
  });

  it('hands again, with the next request, what a request never sent would have', () => {
    const slots = new SharedSlots(0, 100);
    const gone = slots.take(10);
    const used = slots.take(10);
    slots.news([gone]);
    slots.give(gone);
    const news = slots.news([used]);
    expect(news).toEqual({ register: [[used.id, used.buffer]], drop: [gone.id] });
    slots.unsent(news);
    expect(slots.news([used])).toEqual(news);
  });
});
