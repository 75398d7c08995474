import { type IncomingMessage } from 'node:http';
import { type DynamicModule, Logger as NestLogger, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type HttpVariables } from '../config/process-variables';
import { trustedProxyList } from '../config/trusted-proxies';
import { logRequests } from '../logging/request-log.hooks';
import { appLogger } from '../logging/logging.module';
import { measureHttpRequests } from '../metrics/http-metrics';
import { metricsPortOf, type MetricsProcess } from '../metrics/metrics-port';
import { startMetricsServer } from '../metrics/metrics-server';
import { type Closeable } from '../main-runner';
import { envelopeResponses } from './envelope.hook';
import { answerFrameworkError, clientErrorAnswerer } from './client-error';
import { refuseHeadOfGetOnly } from './get-only';
import { type ErrorCodes, PLATFORM_ERROR_CODES } from './error-codes';
import { ErrorFilter } from './error.filter';
import { generateRequestId } from './request-id';
import { readBodiesUnparsed } from './request-body';
import { RouteTable } from './route-table';
import { parseQuery } from './query-string';
import { UnroutedCheckingFastifyAdapter, type UnroutedRequestCheck } from './unrouted-request';
import { repairUrl } from './url-repair';

export interface HttpAppOptions {
  name: MetricsProcess;
  port: number;
  config: HttpVariables;
  /**
   * Largest request body accepted, in bytes (a route may hold its own lower): larger ones are
   * answered 400 INVALID_REQUEST once the request is let in.
   */
  bodyLimit: number;
  /** The app's check of a request no route takes (its guards do not run for it), from its module. */
  unroutedRequests?: Type<UnroutedRequestCheck>;
  /** The codes the app answers with (errorCodes of the parts it uses); the platform's alone by default. */
  errors?: ErrorCodes<string>;
  /**
   * A path prefix under which every GET route takes GET alone, as if each were marked `GetOnly`: HEAD
   * there is answered as a method the path does not take (405 once the app's checks pass), never by
   * running the read. For an API whose routes are not marked one by one.
   */
  getOnlyUnder?: string;
}

/** Builds (without listening) a Nest app on Fastify with the contract's envelope, errors and request ids. */
export async function createHttpApp(
  rootModule: Type | DynamicModule,
  options: HttpAppOptions,
): Promise<NestFastifyApplication> {
  // The logger is given from the start rather than buffered until the app exists: each of Nest's
  // lines is written when it happens, with its true time, and still written if the app fails to build.
  const logger = appLogger(options.config.LOG_LEVEL);
  const adapter = new UnroutedCheckingFastifyAdapter({
    genReqId: generateRequestId,
    requestIdHeader: false,
    bodyLimit: options.bodyLimit,
    // A path the router cannot decode, or a long path parameter, would be refused before any hook
    // (authentication, rate limit) runs; repaired and allowed, they go through the usual checks.
    rewriteUrl: (request: IncomingMessage) => repairUrl(request.url ?? '/'),
    routerOptions: { maxParamLength: 8192, querystringParser: parseQuery },
    // While closing, a request on a connection still busy is served as usual (dependencies close
    // after the server) and answered with Connection: close, instead of Fastify's bare 503 without
    // the envelope or a request id.
    return503OnClosing: false,
    trustProxy: trustedProxyList(options.config.TRUSTED_PROXIES).join(',') || false,
    clientErrorHandler: clientErrorAnswerer(logger.pino),
    frameworkErrors: answerFrameworkError,
    logger: false,
  });
  const routes = new RouteTable();
  const fastify = adapter.getInstance();
  // Bodies are parsed after the guards (RequestBodyGuard), never by Nest's parsers before them.
  readBodiesUnparsed(fastify, options.bodyLimit);
  fastify.addHook('onRoute', (route) => {
    if (!refuseHeadOfGetOnly(route, options.getOnlyUnder)) routes.add(route.url, route.method);
  });
  logRequests(fastify, logger.pino);
  const app = await NestFactory.create<NestFastifyApplication>(rootModule, adapter, {
    logger,
    abortOnError: false,
    bodyParser: false,
  });
  if (options.unroutedRequests) {
    adapter.checkUnroutedWith(app.get(options.unroutedRequests, { strict: false }));
  }
  measureHttpRequests(fastify);
  envelopeResponses(fastify);
  app.useGlobalFilters(new ErrorFilter(routes, options.errors ?? PLATFORM_ERROR_CODES));
  return app;
}

/**
 * Serves a built app: its metrics on their own port (METRICS_PORT, or the app's default), then the
 * app on its port, both on HOST, and logs where. Closing closes the app (it finishes what it serves
 * and runs its shutdown hooks), then the metrics port, which answers until then.
 */
export async function serveHttpApp(
  app: NestFastifyApplication,
  options: Pick<HttpAppOptions, 'name' | 'port' | 'config'>,
): Promise<Closeable> {
  const { HOST } = options.config;
  const metrics = await startMetricsServer(HOST, metricsPortOf(options.config, options.name));
  await app.listen(options.port, HOST);
  new NestLogger(options.name).log(
    `${options.name} listening on http://${HOST}:${options.port}, metrics at ${metrics.url}/metrics`,
  );
  return {
    close: async () => {
      await app.close();
      await metrics.close();
    },
  };
}

/** Creates the app and serves it (serveHttpApp). */
export async function startHttpApp(
  rootModule: Type | DynamicModule,
  options: HttpAppOptions,
): Promise<Closeable> {
  return serveHttpApp(await createHttpApp(rootModule, options), options);
}
