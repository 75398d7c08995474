import { type AppConfig } from './config/app-config';
import { ConfigError, loadConfig } from './config/load-config';

/**
 * Runs an app's start function: configuration is read and validated first, so a bad variable stops
 * the process with one clear message naming it instead of a stack trace.
 */
export function runMain(name: string, start: (config: AppConfig) => Promise<unknown>): void {
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
  start(config).catch((err: unknown) => {
    process.stderr.write(
      `${name} failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(1);
  });
}
