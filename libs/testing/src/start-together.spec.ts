import { startTogether } from './start-together';

describe('starting a test’s own services together', () => {
  const service = (log: string[], name: string) => ({
    close: () => {
      log.push(`closed ${name}`);
      return Promise.resolve();
    },
  });

  it('answers each service in order when all start', async () => {
    const log: string[] = [];
    const [a, b] = await startTogether([
      Promise.resolve(service(log, 'a')),
      Promise.resolve({ drop: () => Promise.resolve(), name: 'db' }),
    ]);
    expect(typeof a.close).toBe('function');
    expect(b.name).toBe('db');
    expect(log).toEqual([]);
  });

  it('ends what started when another fails, then throws that failure', async () => {
    const log: string[] = [];
    const dropped: string[] = [];
    const late = new Promise<ReturnType<typeof service>>((resolve) =>
      setTimeout(() => resolve(service(log, 'late')), 20),
    );
    await expect(
      startTogether([
        Promise.resolve(service(log, 'early')),
        Promise.reject(new Error('broker exited while starting')),
        late,
        Promise.resolve({ drop: () => (dropped.push('db'), Promise.resolve()) }),
      ]),
    ).rejects.toThrow('broker exited while starting');
    expect(log.sort()).toEqual(['closed early', 'closed late']);
    expect(dropped).toEqual(['db']);
  });
});
