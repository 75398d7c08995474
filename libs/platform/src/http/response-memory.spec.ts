import { ResponseMemory } from './response-memory';

describe('ResponseMemory', () => {
  it('lends a buffer of the exact size asked, in memory of at least 64 KB', () => {
    const body = new ResponseMemory().lend(30_000);
    expect(body.length).toBe(30_000);
    expect(body.byteOffset).toBe(0);
    expect(body.buffer.byteLength).toBe(64 * 1024);
  });

  it('lends memory given back again, zeroed, and new memory when it is too small', () => {
    const memory = new ResponseMemory();
    const first = memory.lend(1_000);
    first.fill(7);
    memory.giveBack(first);
    expect(memory.kept).toBe(1);
    expect(new Uint8Array(first.buffer).every((byte) => byte === 0)).toBe(true);

    const second = memory.lend(2_000);
    expect(second.buffer).toBe(first.buffer);
    expect(memory.kept).toBe(0);
    memory.giveBack(second);

    const larger = memory.lend(100_000);
    expect(larger.buffer).not.toBe(first.buffer);
    expect(larger.buffer.byteLength).toBe(128 * 1024);
  });

  it('keeps at most 64 pieces of memory', () => {
    const memory = new ResponseMemory();
    const lent = Array.from({ length: 70 }, () => memory.lend(10));
    for (const body of lent) memory.giveBack(body);
    expect(memory.kept).toBe(64);
  });
});
