// Whether TypeORM's entry point (the whole library) has been loaded.
const mockLoaded: string[] = [];
jest.mock('typeorm', () => {
  mockLoaded.push('typeorm');
  return jest.requireActual<typeof import('typeorm')>('typeorm');
});

describe('prepared statements', () => {
  it("load TypeORM's instance checks without the library's entry point", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const loaded = require('./prepared-statement') as typeof import('./prepared-statement');
    expect(typeof loaded.queryPrepared).toBe('function');
    expect(mockLoaded).toEqual([]);
  });
});
