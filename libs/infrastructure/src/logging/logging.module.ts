import { Module } from '@nestjs/common';
import pino from 'pino';
import { AppConfig } from '../config/app-config';
import { AppLogger } from './app-logger';

/**
 * JSON logs through pino, at LOG_LEVEL, to standard output. The HTTP apps add the request-log hooks
 * (request-log.hooks.ts) so that lines written while serving a request carry its id.
 */
@Module({
  providers: [
    {
      provide: AppLogger,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        new AppLogger(pino({ level: config.LOG_LEVEL, serializers: { err: pino.stdSerializers.err } })),
    },
  ],
  exports: [AppLogger],
})
export class LoggingModule {}
