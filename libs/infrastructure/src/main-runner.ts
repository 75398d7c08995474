import { type AppConfig } from './config/app-config';
import { ConfigError, loadConfig } from './config/load-config';

export interface Closeable {
  close(): Promise<void>;
}

/**
 * Runs an app's start function. Configuration is read and validated first, so a bad variable stops
 * the process with one clear message naming it instead of a stack trace. On SIGTERM or SIGINT the
 * app is closed (it stops taking work and runs its shutdown hooks) and the process exits 0, or 1
 * when closing takes longer than SHUTDOWN_TIMEOUT_MS.
 */
export function runMain(name: string, start: (config: AppConfig) => Promise<Closeable>): void {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${name}: ${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
  start(config)
    .then((app) => {
      let closing = false;
      const shutdown = (signal: NodeJS.Signals): void => {
        if (closing) return;
        closing = true;
        process.stderr.write(`${name}: ${signal} received, shutting down\n`);
        const timer = setTimeout(() => {
          process.stderr.write(`${name}: shutdown took longer than ${config.SHUTDOWN_TIMEOUT_MS} ms\n`);
          process.exit(1);
        }, config.SHUTDOWN_TIMEOUT_MS);
        timer.unref();
        app.close().then(
          () => process.exit(0),
          (err: unknown) => {
            process.stderr.write(`${name}: shutdown failed: ${String(err)}\n`);
            process.exit(1);
          },
        );
      };
      process.once('SIGTERM', shutdown);
      process.once('SIGINT', shutdown);
    })
    .catch((err: unknown) => {
      process.stderr.write(
        `${name} failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
      );
      process.exit(1);
    });
}
