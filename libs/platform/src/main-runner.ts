import { Logger } from '@nestjs/common';
import { type ConfigClass, ConfigError, loadConfig } from './config/load-config';
import { type ProcessVariables } from './config/process-variables';
import { appLogger } from './logging/logging.module';
import { logProcessWarnings } from './logging/process-warnings';
import { shutdownDeadline, shutdownWorkMs } from './shutdown/shutdown-deadline';

export interface Closeable {
  close(): Promise<void>;
}

/**
 * Runs an app's start function. Configuration is read and validated first, so a bad variable stops
 * the process with one clear message naming it instead of a stack trace. On SIGTERM or SIGINT the
 * app is closed (it stops taking work and runs its shutdown hooks) and the process exits 0. Closing has
 * until the shutdown deadline (shutdownDeadline: SHUTDOWN_TIMEOUT_MS less a reserve of at most 2 s);
 * past it, what is unfinished is abandoned, said in the log, and the process exits 1: it has ended
 * within SHUTDOWN_TIMEOUT_MS of the signal whatever its dependencies do.
 */
export function runMain<C extends ProcessVariables>(
  name: string,
  type: ConfigClass<C>,
  start: (config: C) => Promise<Closeable>,
): void {
  let config: C;
  try {
    config = loadConfig(type);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${name}: ${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
  // From here every line is JSON through pino, written when it happens: this runner's own, and any
  // Nest Logger's, also before an app exists (the standalone relay has none).
  const log = appLogger(config.LOG_LEVEL);
  Logger.overrideLogger(log);
  logProcessWarnings(log);
  // As Node would (exit 1), but as a JSON line instead of a bare stack trace.
  process.once('uncaughtException', (err) => {
    log.fatal({ err }, 'uncaught exception', name);
    process.exit(1);
  });
  start(config)
    .then((app) => {
      let closing = false;
      const shutdown = (signal: NodeJS.Signals): void => {
        if (closing) return;
        closing = true;
        log.log(`${signal} received, shutting down`, name);
        const workMs = shutdownWorkMs(config.SHUTDOWN_TIMEOUT_MS);
        shutdownDeadline.begin(workMs);
        const timer = setTimeout(() => {
          log.error(
            `shutdown unfinished after ${workMs} ms: abandoning the rest (SHUTDOWN_TIMEOUT_MS ${config.SHUTDOWN_TIMEOUT_MS})`,
            undefined,
            name,
          );
          shutdownDeadline.abandon();
          process.exit(1);
        }, workMs);
        timer.unref();
        app.close().then(
          () => process.exit(0),
          (err: unknown) => {
            log.error({ err }, 'shutdown failed', name);
            process.exit(1);
          },
        );
      };
      process.once('SIGTERM', shutdown);
      process.once('SIGINT', shutdown);
    })
    .catch((err: unknown) => {
      log.fatal({ err }, 'failed to start', name);
      process.exit(1);
    });
}
