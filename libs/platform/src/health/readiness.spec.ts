import { assessReadiness, type DependencyResult } from './readiness';

const dep = (name: string, role: DependencyResult['role'], state: DependencyResult['state']) => ({
  name,
  role,
  state,
});

describe('readiness from the state of each dependency', () => {
  it('is ready when every dependency answers', () => {
    expect(assessReadiness([dep('postgres', 'required', 'up'), dep('redis', 'degradable', 'up')])).toEqual({
      status: 'ready',
      checks: { postgres: 'up', redis: 'up' },
      missing: [],
      down: [],
    });
  });

  it('stays ready, degraded, when only dependencies it can do without are down', () => {
    expect(
      assessReadiness([
        dep('postgres', 'required', 'up'),
        dep('kafka', 'degradable', 'down'),
        dep('redis', 'degradable', 'down'),
      ]),
    ).toEqual({
      status: 'degraded',
      checks: { postgres: 'up', kafka: 'down', redis: 'down' },
      missing: [],
      down: ['kafka', 'redis'],
    });
  });

  it('is not ready when a required dependency is down, and names every one that is down', () => {
    expect(
      assessReadiness([
        dep('postgres', 'required', 'down'),
        dep('kafka', 'required', 'up'),
        dep('redis', 'degradable', 'down'),
      ]),
    ).toEqual({
      status: 'not_ready',
      checks: { postgres: 'down', kafka: 'up', redis: 'down' },
      missing: ['postgres'],
      down: ['postgres', 'redis'],
    });
  });

  it('is ready with no dependencies at all', () => {
    expect(assessReadiness([]).status).toBe('ready');
  });
});
