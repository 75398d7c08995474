import { type EventEmitter } from 'node:events';
import { type LoggerService } from '@nestjs/common';

/**
 * Node prints a process warning (a deprecation, a library's negative timeout, an experimental
 * feature) as plain text on stderr, between the JSON log lines. This replaces that printer (the
 * process's only 'warning' listener): each warning becomes a `warn` line of the app's logger, with
 * its name and code as fields. Warnings are emitted on the next tick, so one emitted while the app's
 * modules load still arrives here.
 */
export function logProcessWarnings(log: LoggerService, target: EventEmitter = process): void {
  target.removeAllListeners('warning');
  target.on('warning', (warning: Error & { code?: string }) => {
    log.warn(
      { warning: warning.name, ...(warning.code === undefined ? {} : { code: warning.code }) },
      warning.message,
      'process',
    );
  });
}
