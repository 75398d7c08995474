/** Something a test starts and must end: a broker or a Redis of its own (`close`), a database (`drop`). */
type Started = { close(): Promise<void> } | { drop(): Promise<void> };

const end = (started: Started): Promise<void> => ('close' in started ? started.close() : started.drop());

/**
 * Starts these at once, as Promise.all does; when one fails, the others are still awaited and those
 * that started are ended before the failure is thrown. With Promise.all they would be lost to the
 * suite's afterAll and go on running: a child process left so keeps jest from exiting.
 */
export async function startTogether<T extends readonly Promise<Started>[] | []>(
  starts: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = (await Promise.allSettled(starts)) as PromiseSettledResult<Started>[];
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (!failed) {
    return settled.map((s) => (s as PromiseFulfilledResult<Started>).value) as {
      -readonly [K in keyof T]: Awaited<T[K]>;
    };
  }
  await Promise.all(
    settled.map((s) => (s.status === 'fulfilled' ? end(s.value).catch(() => undefined) : Promise.resolve())),
  );
  throw failed.reason;
}
