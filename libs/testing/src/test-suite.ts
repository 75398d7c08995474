/**
 * What `start` makes, for the tests of the `describe` this is called in: made before the first test and
 * closed after the last. The object returned is filled in (the made object's own properties) before the
 * first test runs.
 */
export function suiteOf<T extends object>(start: () => Promise<T>, close: (made: T) => Promise<unknown>): T {
  const suite = {} as T;
  let made: T | undefined;
  beforeAll(async () => {
    made = await start();
    Object.assign(suite, made);
  });
  afterAll(async () => {
    if (made) await close(made);
  });
  return suite;
}
