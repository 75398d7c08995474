import { TurnBatcher, type TurnScheduler } from './turn-batcher';

/** A scheduler whose turns end when the test says so. */
function turns() {
  const pending: (() => void)[] = [];
  const schedule: TurnScheduler = (flush) => {
    pending.push(flush);
  };
  const endTurn = async () => {
    for (const flush of pending.splice(0)) flush();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { schedule, endTurn, scheduled: () => pending.length };
}

/** A batcher of strings whose run records each batch and answers each item upper-cased. */
function batcher(maxSize = 64, keyOf?: (item: string) => string) {
  const { schedule, endTurn, scheduled } = turns();
  const batches: string[][] = [];
  const run = jest.fn((items: readonly string[]) => {
    batches.push([...items]);
    return Promise.resolve(items.map((i) => i.toUpperCase()));
  });
  return { b: new TurnBatcher(run, { maxSize, keyOf, schedule }), batches, run, endTurn, scheduled };
}

describe('TurnBatcher', () => {
  it('runs the items of one turn as one batch, each answered with its own result', async () => {
    const { b, batches, endTurn } = batcher();
    const answers = Promise.all(['a', 'b', 'c'].map((i) => b.add(i)));
    expect(batches).toEqual([]);
    await endTurn();
    expect(await answers).toEqual(['A', 'B', 'C']);
    expect(batches).toEqual([['a', 'b', 'c']]);
  });

  it('starts a new batch in the next turn', async () => {
    const { b, batches, endTurn } = batcher();
    const first = b.add('a');
    await endTurn();
    const second = b.add('b');
    await endTurn();
    expect([await first, await second]).toEqual(['A', 'B']);
    expect(batches).toEqual([['a'], ['b']]);
  });

  it('runs a full batch at once, and the next item opens another', async () => {
    const { b, batches, endTurn } = batcher(2);
    const answers = Promise.all(['a', 'b', 'c'].map((i) => b.add(i)));
    expect(batches).toEqual([['a', 'b']]);
    await endTurn();
    expect(await answers).toEqual(['A', 'B', 'C']);
    expect(batches).toEqual([['a', 'b'], ['c']]);
  });

  it('keeps two items of one key apart: the later joins the first batch after the one holding its key has settled', async () => {
    const { schedule, endTurn } = turns();
    const batches: string[][] = [];
    let finishFirst!: () => void;
    const run = (items: readonly string[]) => {
      batches.push([...items]);
      const answer = items.map((i) => i.toUpperCase());
      if (batches.length > 1) return Promise.resolve(answer);
      return new Promise<string[]>((resolve) => (finishFirst = () => resolve(answer)));
    };
    const b = new TurnBatcher(run, { maxSize: 64, keyOf: (i) => i[0]!, schedule });
    const answers = Promise.all(['a1', 'a2', 'b1'].map((i) => b.add(i)));
    await endTurn();
    expect(batches).toEqual([['a1', 'b1']]);
    // While the first batch runs, its keys stay taken: a3 waits, c1 goes in the next turn's batch.
    const a3 = b.add('a3');
    const c1 = b.add('c1');
    await endTurn();
    expect(batches).toEqual([['a1', 'b1'], ['c1']]);
    finishFirst();
    for (let turn = 0; turn < 4; turn++) await endTurn();
    expect(await answers).toEqual(['A1', 'A2', 'B1']);
    expect([await a3, await c1]).toEqual(['A3', 'C1']);
    // a2 first (it came first), a3 after a2's batch.
    expect(batches).toEqual([['a1', 'b1'], ['c1'], ['a2'], ['a3']]);
  });

  it('fails every item of a batch whose run failed, and only those', async () => {
    const { schedule, endTurn } = turns();
    const run = jest
      .fn<Promise<readonly string[]>, [readonly string[]]>()
      .mockRejectedValueOnce(new Error('lost'))
      .mockResolvedValueOnce(['ok']);
    const b = new TurnBatcher(run, { maxSize: 8, schedule });
    const failed = [b.add('a'), b.add('b')].map((p) => p.then(String, (err: Error) => err.message));
    await endTurn();
    const next = b.add('c');
    await endTurn();
    expect(await Promise.all(failed)).toEqual(['lost', 'lost']);
    expect(await next).toBe('ok');
  });

  it('fails the batch when run answers another number of results than items', async () => {
    const { schedule, endTurn } = turns();
    const b = new TurnBatcher(() => Promise.resolve(['only one']), { maxSize: 8, schedule });
    const answers = [b.add('a'), b.add('b')].map((p) => p.catch((err: Error) => err.message));
    await endTurn();
    expect(await Promise.all(answers)).toEqual([
      'a batch of 2 items was answered with 1 results',
      'a batch of 2 items was answered with 1 results',
    ]);
  });

  it('schedules one run per batch, none for a batch that filled up first', async () => {
    const { b, run, endTurn, scheduled } = batcher(2);
    void b.add('a');
    void b.add('b');
    expect(scheduled()).toBe(1);
    await endTurn();
    expect(run).toHaveBeenCalledTimes(1);
  });

  /** A batcher of at most `maxRunning` batches at once whose runs finish when the test says so. */
  function held(maxRunning: number, maxSize = 64) {
    const { schedule, endTurn } = turns();
    const batches: string[][] = [];
    const finish: ((fail?: Error) => void)[] = [];
    const run = (items: readonly string[]) => {
      batches.push([...items]);
      return new Promise<string[]>((resolve, reject) =>
        finish.push((fail) => (fail ? reject(fail) : resolve(items.map((i) => i.toUpperCase())))),
      );
    };
    return { b: new TurnBatcher(run, { maxSize, maxRunning, schedule }), batches, finish, endTurn };
  }

  it('runs at most maxRunning batches at once: a later batch gathers the turns meanwhile and runs when one has settled', async () => {
    const { b, batches, finish, endTurn } = held(1);
    const first = b.add('a').catch((err: Error) => err.message);
    await endTurn();
    const later = ['b', 'c'].map((i) => b.add(i));
    await endTurn();
    later.push(b.add('d'));
    await endTurn();
    expect(batches).toEqual([['a']]);
    finish[0]!(new Error('lost'));
    await endTurn();
    // The slot is freed by a failure too; the three turns' items went as one batch.
    expect(batches).toEqual([['a'], ['b', 'c', 'd']]);
    finish[1]!();
    expect(await first).toBe('lost');
    expect(await Promise.all(later)).toEqual(['B', 'C', 'D']);
  });

  it('queues the batches that fill up while maxRunning run, and runs them in order, the open one last', async () => {
    const { b, batches, finish, endTurn } = held(2, 2);
    const answers = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((i) => b.add(i));
    await endTurn();
    expect(batches).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    finish[1]!();
    await endTurn();
    expect(batches.slice(2)).toEqual([['e', 'f']]);
    finish[0]!();
    await endTurn();
    expect(batches.slice(3)).toEqual([['g']]);
    finish[2]!();
    finish[3]!();
    expect(await Promise.all(answers)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
  });

  it('waits for the end of the real event-loop turn when given no scheduler', async () => {
    const run = jest.fn((items: readonly number[]) => Promise.resolve(items.map((i) => i * 2)));
    const b = new TurnBatcher(run, { maxSize: 64 });
    const answers = Promise.all([1, 2].map((i) => Promise.resolve().then(() => b.add(i))));
    expect(await answers).toEqual([2, 4]);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
