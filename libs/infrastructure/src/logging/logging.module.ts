import { type IncomingMessage } from 'node:http';
import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from '../config/app-config';

/**
 * JSON logs through pino. Every line logged while serving a request carries `reqId`,
 * the same id the client gets as `meta.request_id`.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        pinoHttp: {
          level: config.LOG_LEVEL,
          genReqId: (req: IncomingMessage) => (req as IncomingMessage & { id?: string }).id ?? 'req_unknown',
          customAttributeKeys: { reqId: 'reqId' },
          quietReqLogger: true,
          autoLogging: {
            ignore: (req: IncomingMessage) => (req.url ?? '').startsWith('/health') || req.url === '/metrics',
          },
          redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
          serializers: {
            req: (req: { id: string; method: string; url: string }) => ({
              id: req.id,
              method: req.method,
              url: req.url,
            }),
          },
        },
      }),
    }),
  ],
  exports: [LoggerModule],
})
export class LoggingModule {}
