import { PartitionHighWatermarks } from './partition-high-watermarks';

describe('partition high watermarks (asked of the broker at most once a second per partition)', () => {
  let now = 0;
  const asked: string[] = [];
  let end: bigint | undefined | Error = 100n;
  const watermarks = () =>
    new PartitionHighWatermarks(
      (topic, partition) => {
        asked.push(`${topic}:${partition}`);
        return end instanceof Error ? Promise.reject(end) : Promise.resolve(end);
      },
      () => now,
    );

  beforeEach(() => {
    now = 0;
    asked.length = 0;
    end = 100n;
  });

  it("answers the broker's end, and the same end without asking again within a second", async () => {
    const w = watermarks();
    expect(await w.get('t', 0, 10n)).toBe(100n);
    now = 999;
    expect(await w.get('t', 0, 50n)).toBe(100n);
    expect(asked).toEqual(['t:0']);
    now = 1000;
    end = 120n;
    expect(await w.get('t', 0, 50n)).toBe(120n);
    expect(asked).toEqual(['t:0', 't:0']);
  });

  it('asks again when the batch in hand ends past what it knows, and never answers less than that', async () => {
    const w = watermarks();
    expect(await w.get('t', 0, 10n)).toBe(100n);
    expect(await w.get('t', 0, 150n)).toBe(150n);
    expect(asked).toEqual(['t:0', 't:0']);
  });

  it('keeps each partition apart', async () => {
    const w = watermarks();
    await w.get('t', 0, 1n);
    await w.get('t', 1, 1n);
    await w.get('u', 0, 1n);
    expect(asked).toEqual(['t:0', 't:1', 'u:0']);
  });

  it('answers the offset after the batch when the broker cannot be asked', async () => {
    end = new Error('no broker');
    expect(await watermarks().get('t', 0, 42n)).toBe(42n);
    end = undefined;
    expect(await watermarks().get('t', 0, 43n)).toBe(43n);
  });
});
