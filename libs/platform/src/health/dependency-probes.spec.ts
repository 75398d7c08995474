import { Logger } from '@nestjs/common';
import { register } from 'prom-client';
import { DependencyProbes } from './dependency-probes';
import { type ReadinessCheck } from './readiness-check';

/**
 * A dependency whose checks wait until the test answers them, counting how many were started. After
 * `answer`, later checks get the same answer at once.
 */
class HeldCheck implements ReadinessCheck {
  started = 0;
  private answered?: { err?: Error };
  private readonly waiting: ((err?: Error) => void)[] = [];
  constructor(readonly name: string) {}

  check(): Promise<void> {
    this.started++;
    return new Promise<void>((resolve, reject) => {
      const settle = (err?: Error) => (err ? reject(err) : resolve());
      if (this.answered) settle(this.answered.err);
      else this.waiting.push(settle);
    });
  }

  answer(err?: Error): void {
    this.answered = { err };
    for (const settle of this.waiting.splice(0)) settle(err);
  }
}

const fixed = (name: string, fails = false): ReadinessCheck => ({
  name,
  check: () => (fails ? Promise.reject(new Error(`${name} refused`)) : Promise.resolve()),
});

async function gauge(): Promise<Record<string, number>> {
  const metric = await register.getSingleMetric('pft_dependency_up')!.get();
  return Object.fromEntries(metric.values.map((v) => [String(v.labels.dependency), v.value]));
}

describe('dependency probes', () => {
  // Changes of state are logged; here they would only be noise.
  beforeAll(() => {
    Logger.overrideLogger(false);
  });
  const made: DependencyProbes[] = [];
  const probes = (...args: ConstructorParameters<typeof DependencyProbes>): DependencyProbes => {
    const p = new DependencyProbes(...args);
    made.push(p);
    return p;
  };
  afterEach(() => {
    for (const p of made.splice(0)) p.onApplicationShutdown();
    register.resetMetrics();
  });

  it('reports each dependency with its role, up or down', async () => {
    const p = probes(
      [
        { check: fixed('postgres'), role: 'required' },
        { check: fixed('redis', true), role: 'degradable' },
      ],
      1000,
    );
    expect(await p.probe()).toEqual([
      { name: 'postgres', role: 'required', state: 'up' },
      { name: 'redis', role: 'degradable', state: 'down' },
    ]);
  });

  it('starts one check per dependency however many probes ask at once, and counts one that does not answer as down', async () => {
    const kafka = new HeldCheck('kafka');
    const p = probes([{ check: kafka, role: 'degradable' }], 20);

    const states = await Promise.all(Array.from({ length: 10 }, () => p.probe()));
    expect(states.map(([r]) => r?.state)).toEqual(Array(10).fill('down'));
    // The check still in flight is joined by the next probe, not started again.
    expect((await p.probe())[0]?.state).toBe('down');
    expect(kafka.started).toBe(1);

    kafka.answer();
    // The probe that joins it as it settles sees its answer; once it has settled, the next one checks afresh.
    expect((await p.probe())[0]?.state).toBe('up');
    expect(kafka.started).toBe(1);
    expect((await p.probe())[0]?.state).toBe('up');
    expect(kafka.started).toBe(2);
  });

  it('checks afresh after a check failed', async () => {
    let refused = true;
    let started = 0;
    const redis: ReadinessCheck = {
      name: 'redis',
      check: () => {
        started++;
        return refused ? Promise.reject(new Error('ECONNREFUSED')) : Promise.resolve();
      },
    };
    const p = probes([{ check: redis, role: 'degradable' }], 1000);
    expect((await p.probe())[0]?.state).toBe('down');
    refused = false;
    expect((await p.probe())[0]?.state).toBe('up');
    expect(started).toBe(2);
  });

  it('counts a check that throws before returning a promise as down', async () => {
    const broken: ReadinessCheck = {
      name: 'postgres',
      check: () => {
        throw new Error('no pool');
      },
    };
    const p = probes([{ check: broken, role: 'required' }], 1000);
    expect((await p.probe())[0]?.state).toBe('down');
  });

  it('sets pft_dependency_up, and checks again when the gauge is read', async () => {
    let redisUp = true;
    const p = probes(
      [
        { check: fixed('postgres'), role: 'required' },
        { check: { name: 'redis', check: () => fixed('redis', !redisUp).check() }, role: 'degradable' },
      ],
      1000,
    );
    await p.probe();
    expect(await gauge()).toEqual({ postgres: 1, redis: 1 });
    redisUp = false;
    // No readiness request in between: reading the gauge checks.
    expect(await gauge()).toEqual({ postgres: 1, redis: 0 });
  });

  it('stops answering the gauge once the app has shut down', async () => {
    let checks = 0;
    const p = probes(
      [{ check: { name: 'postgres', check: () => Promise.resolve(void checks++) }, role: 'required' }],
      1000,
    );
    await gauge();
    expect(checks).toBe(1);
    p.onApplicationShutdown();
    await gauge();
    expect(checks).toBe(1);
  });
});
