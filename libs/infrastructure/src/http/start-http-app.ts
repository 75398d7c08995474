import { type IncomingMessage } from 'node:http';
import { Logger as NestLogger, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type AppConfig } from '../config/app-config';
import { trustedProxyList } from '../config/trusted-proxies';
import { AppLogger } from '../logging/app-logger';
import { logRequests } from '../logging/request-log.hooks';
import { envelopeResponses } from './envelope.hook';
import { answerClientError, answerFrameworkError } from './client-error';
import { ErrorFilter } from './error.filter';
import { REQUEST_ID_HEADER, generateRequestId } from './request-id';
import { RouteTable } from './route-table';
import { repairUrl } from './url-repair';

export interface HttpAppOptions {
  name: string;
  port: number;
  config: AppConfig;
  /** Largest request body accepted, in bytes; larger ones are answered 400 INVALID_REQUEST. */
  bodyLimit: number;
}

/** Builds (without listening) a Nest app on Fastify with the contract's envelope, errors and request ids. */
export async function createHttpApp(
  rootModule: Type,
  options: HttpAppOptions,
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    genReqId: generateRequestId,
    requestIdHeader: false,
    bodyLimit: options.bodyLimit,
    // A path the router cannot decode, or a long path parameter, would be refused before any hook
    // (authentication, rate limit) runs; repaired and allowed, they go through the usual checks.
    rewriteUrl: (request: IncomingMessage) => repairUrl(request.url ?? '/'),
    routerOptions: { maxParamLength: 8192 },
    // While closing, a request on a connection still busy is served as usual (dependencies close
    // after the server) and answered with Connection: close, instead of Fastify's bare 503 without
    // the envelope or a request id.
    return503OnClosing: false,
    trustProxy: trustedProxyList(options.config.TRUSTED_PROXIES).join(',') || false,
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    logger: false,
  });
  const routes = new RouteTable();
  const fastify = adapter.getInstance();
  fastify.addHook('onRoute', (route) => routes.add(route.url, route.method));
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });

  const app = await NestFactory.create<NestFastifyApplication>(rootModule, adapter, {
    bufferLogs: true,
    abortOnError: false,
  });
  const logger = app.get(AppLogger);
  app.useLogger(logger);
  logRequests(fastify, logger.pino);
  envelopeResponses(fastify);
  app.useGlobalFilters(new ErrorFilter(routes));
  return app;
}

/** Creates the app, listens, and logs where. */
export async function startHttpApp(
  rootModule: Type,
  options: HttpAppOptions,
): Promise<NestFastifyApplication> {
  const app = await createHttpApp(rootModule, options);
  await app.listen(options.port, options.config.HOST);
  new NestLogger(options.name).log(
    `${options.name} listening on http://${options.config.HOST}:${options.port}`,
  );
  return app;
}
