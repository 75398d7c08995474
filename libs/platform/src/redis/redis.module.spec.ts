// Whether ioredis has been loaded.
const mockLoaded: string[] = [];
jest.mock('ioredis', () => {
  mockLoaded.push('ioredis');
  return jest.requireActual<typeof import('ioredis')>('ioredis');
});

describe('RedisModule', () => {
  it('loads ioredis only when a client is made, not with the module', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const loaded = require('./redis.module') as typeof import('./redis.module');
    expect(typeof loaded.createRedis).toBe('function');
    expect(mockLoaded).toEqual([]);
  });
});
