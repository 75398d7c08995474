/**
 * Ports from freePorts are free when drawn, not always when a server binds them a moment later (a
 * broker's JVM a second or two later): another server of the same test drawing at the same time, or
 * an outgoing connection of this machine, can be given one of them meanwhile.
 * `start` draws its ports and cleans up after itself when it fails; when it failed because a port was
 * taken, it runs again on new ones (at most `attempts` times in all).
 */
export async function startOnFreshPorts<T>(start: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (err) {
      const taken = err instanceof Error && err.message.includes('Address already in use');
      if (!taken || attempt >= attempts) throw err;
    }
  }
}
