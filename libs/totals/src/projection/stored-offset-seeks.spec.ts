import { StoredOffsetSeeks } from './stored-offset-seeks';

/** A read of stored offsets the test answers when it wants. */
function deferredReads() {
  const reads: {
    partitions: number[];
    answer: (offsets: Map<number, string>) => void;
    fail: (e: Error) => void;
  }[] = [];
  const read = (partitions: number[]) =>
    new Promise<Map<number, string>>((answer, fail) => reads.push({ partitions, answer, fail }));
  return { reads, read };
}

describe('seeks to the offsets stored with the projection', () => {
  function seeksWith(read: (partitions: number[]) => Promise<Map<number, string>>) {
    const sought: [number, string][] = [];
    const failures: unknown[] = [];
    let generation = 1;
    const seeks = new StoredOffsetSeeks({
      read,
      seek: (partition, offset) => sought.push([partition, offset]),
      generation: () => generation,
      failed: (error) => failures.push(error),
    });
    return { seeks, sought, failures, join: () => (generation += 1) };
  }

  it('holds a batch of a partition given until its seek is made', async () => {
    const { reads, read } = deferredReads();
    const { seeks, sought } = seeksWith(read);
    seeks.given([0, 2]);
    let settled = false;
    const waiting = seeks.settled(2).then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(reads.map((r) => r.partitions)).toEqual([[0, 2]]);
    reads[0]!.answer(
      new Map([
        [0, '10'],
        [2, '42'],
      ]),
    );
    await waiting;
    expect(sought).toEqual([
      [0, '10'],
      [2, '42'],
    ]);
    // A partition not given, or given and sought already, does not wait.
    await expect(seeks.settled(1)).resolves.toBeUndefined();
    await expect(seeks.settled(2)).resolves.toBeUndefined();
  });

  it('leaves the seeks of an earlier join unmade, and waits for the latest', async () => {
    const { reads, read } = deferredReads();
    const { seeks, sought, join } = seeksWith(read);
    seeks.given([3]);
    join();
    seeks.given([3]);
    let settled = false;
    const waiting = seeks.settled(3).then(() => (settled = true));
    reads[0]!.answer(new Map([[3, '5']]));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    reads[1]!.answer(new Map([[3, '7']]));
    await waiting;
    expect(sought).toEqual([[3, '7']]);
  });

  it('settles without a seek when the stored offsets cannot be read, and says so', async () => {
    const { reads, read } = deferredReads();
    const { seeks, sought, failures } = seeksWith(read);
    seeks.given([1]);
    reads[0]!.fail(new Error('database away'));
    await seeks.settled(1);
    expect(sought).toEqual([]);
    expect(failures).toEqual([new Error('database away')]);
  });

  it('once stopped, neither seeks nor reports a read that fails, nor reads for a later join', async () => {
    const { reads, read } = deferredReads();
    const { seeks, sought, failures } = seeksWith(read);
    seeks.given([0]);
    seeks.given([1]);
    seeks.stop();
    reads[0]!.answer(new Map([[0, '3']]));
    reads[1]!.fail(new Error('Connection terminated'));
    await seeks.settled(0);
    await seeks.settled(1);
    seeks.given([2]);
    expect({ sought, failures, reads: reads.length }).toEqual({ sought: [], failures: [], reads: 2 });
  });
});
