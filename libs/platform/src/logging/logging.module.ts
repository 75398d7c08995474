import { Module } from '@nestjs/common';
import pino from 'pino';
import { LOGGING_CONFIG, type ProcessVariables } from '../config/process-variables';
import { AppLogger } from './app-logger';
import { serializeError } from './error-serializer';

const loggers = new Map<string, AppLogger>();

/**
 * The process's JSON logger at `level`, to standard output: one per level, so that the process
 * runner, Nest's own lines (given to NestFactory from the start, never buffered) and the app's
 * providers write through the same pino. Each line's `time` is when it was written (epoch ms). Errors
 * are written without the fields that may quote a pilot's data (serializeError).
 */
export function appLogger(level: string): AppLogger {
  let logger = loggers.get(level);
  if (!logger) {
    logger = new AppLogger(pino({ level, serializers: { err: serializeError } }));
    loggers.set(level, logger);
  }
  return logger;
}

/**
 * JSON logs through pino, at LOG_LEVEL. The HTTP apps add the request-log hooks
 * (request-log.hooks.ts) so that lines written while serving a request carry its id.
 */
@Module({
  providers: [
    {
      provide: AppLogger,
      inject: [LOGGING_CONFIG.token],
      useFactory: (config: Pick<ProcessVariables, 'LOG_LEVEL'>) => appLogger(config.LOG_LEVEL),
    },
  ],
  exports: [AppLogger],
})
export class LoggingModule {}
