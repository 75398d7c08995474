import { TurnBatches } from './turn-batches';

/** A call that records what it was asked and answers with a number per call. */
function recording(): { calls: [string, number][]; batches: TurnBatches<number> } {
  const calls: [string, number][] = [];
  const batches = new TurnBatches<number>((key, items) => {
    calls.push([key, items.length]);
    return Promise.resolve(calls.length);
  });
  return { calls, batches };
}

describe('TurnBatches', () => {
  it('serves the callers of one key in one turn with one call, each with its place', async () => {
    const { calls, batches } = recording();
    const shared = await Promise.all([batches.join('a'), batches.join('a'), batches.join('a')]);
    expect(calls).toEqual([['a', 3]]);
    expect(shared).toEqual([0, 1, 2].map((index) => ({ result: 1, size: 3, index })));
  });

  it('makes one call per key', async () => {
    const { calls, batches } = recording();
    await Promise.all([batches.join('a'), batches.join('b'), batches.join('a')]);
    expect(calls).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
  });

  it('starts a new call for a caller that asks once a call is under way', async () => {
    const { calls, batches } = recording();
    const first = batches.join('a');
    await new Promise((turn) => setImmediate(turn));
    const second = batches.join('a');
    expect(await first).toEqual({ result: 1, size: 1, index: 0 });
    expect(await second).toEqual({ result: 2, size: 1, index: 0 });
    expect(calls).toEqual([
      ['a', 1],
      ['a', 1],
    ]);
  });

  it('fails every caller of a call that fails, and the next turn calls again', async () => {
    let fail = true;
    const batches = new TurnBatches<string>(() =>
      fail ? Promise.reject(new Error('down')) : Promise.resolve('up'),
    );
    const failed = await Promise.allSettled([batches.join('a'), batches.join('a')]);
    expect(failed.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect((await batches.join('a')).result).toBe('up');
  });

  it('fails the callers of a call that throws, and nothing else', async () => {
    const batches = new TurnBatches<string>((key) => {
      if (key === 'a') throw new Error('refused');
      return Promise.resolve(`${key} answered`);
    });
    const [a, again, b] = await Promise.allSettled([batches.join('a'), batches.join('a'), batches.join('b')]);
    expect([a, again].map((s) => s.status === 'rejected' && (s.reason as Error).message)).toEqual([
      'refused',
      'refused',
    ]);
    expect(b.status === 'fulfilled' && b.value.result).toBe('b answered');
  });

  it('hands the call what each caller brought, in the order they joined', async () => {
    const batches = new TurnBatches<string, string>((key, items) =>
      Promise.resolve(`${key}:${items.join(',')}`),
    );
    const shared = await Promise.all([
      batches.join('a', 'x'),
      batches.join('b', 'y'),
      batches.join('a', 'z'),
    ]);
    expect(shared.map((s) => s.result)).toEqual(['a:x,z', 'b:y', 'a:x,z']);
  });
});
