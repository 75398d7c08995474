import { setTimeout as sleep } from 'node:timers/promises';
import { ExperienceMemory } from './experience-memory';

describe('ExperienceMemory', () => {
  const answer = { pilot_id: 'p1', as_of: '2026-06-25' };

  it('gives an answer again to its partner, under its revision, for its date only', () => {
    const memory = new ExperienceMemory<typeof answer>(60_000);
    memory.keep('partner-a', 'p1', '2026-06-25', answer, 'r1', memory.now());
    expect(memory.answer('partner-a', 'p1', '2026-06-25', 'r1')).toBe(answer);
    expect(memory.answer('partner-b', 'p1', '2026-06-25', 'r1')).toBeUndefined();
    expect(memory.answer('partner-a', 'p1', '2026-06-25', 'r2')).toBeUndefined();
    expect(memory.answer('partner-a', 'p1', '2026-06-24', 'r1')).toBeUndefined();
    expect(memory.answer('partner-a', 'p2', '2026-06-25', 'r1')).toBeUndefined();
  });

  it('stops giving an answer once its lifetime has passed, and sweeps it out', async () => {
    const memory = new ExperienceMemory<typeof answer>(20);
    memory.keep('partner-a', 'p1', '2026-06-25', answer, 'r1', memory.now());
    expect(memory.answer('partner-a', 'p1', '2026-06-25', 'r1')).toBe(answer);
    await sleep(40);
    memory.sweep();
    expect(memory.answer('partner-a', 'p1', '2026-06-25', 'r1')).toBeUndefined();
  });

  it('counts the lifetime from before the read, not from when the answer is kept', async () => {
    const memory = new ExperienceMemory<typeof answer>(100);
    const readFrom = memory.now();
    await sleep(120); // a read slower than the lifetime
    memory.keep('partner-a', 'p1', '2026-06-25', answer, 'r1', readFrom);
    expect(memory.answer('partner-a', 'p1', '2026-06-25', 'r1')).toBeUndefined();
  });

  it('is swept every lifetime, between 1 and 30 s: answers past theirs do not stay for the next 30 s', () => {
    expect(new ExperienceMemory(1_000).sweepEveryMs).toBe(1_000);
    expect(new ExperienceMemory(5_000).sweepEveryMs).toBe(5_000);
    expect(new ExperienceMemory(20).sweepEveryMs).toBe(1_000);
    expect(new ExperienceMemory(60_000).sweepEveryMs).toBe(30_000);
  });

  it('keeps nothing with a lifetime of 0', () => {
    const memory = new ExperienceMemory<typeof answer>(0);
    memory.keep('partner-a', 'p1', '2026-06-25', answer, 'r1', memory.now());
    expect(memory.enabled).toBe(false);
    expect(memory.answer('partner-a', 'p1', '2026-06-25', 'r1')).toBeUndefined();
  });
});
