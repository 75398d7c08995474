import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type INestApplication } from '@nestjs/common';
import { type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { type FastifyInstance } from 'fastify';
import { pageHeaders } from './page-headers';
import {
  type ErrorCode,
  type ErrorDetail,
  INTERNAL_ERROR_MESSAGE,
  SERVICE_UNAVAILABLE_MESSAGE,
} from './api-error';

/** An error answer of one code as an OpenAPI example, in the words the code uses. */
export interface ErrorExample {
  /** Names the example when a status has several. */
  summary: string;
  message: string;
  details?: ErrorDetail[];
}

/** The examples of the errors every operation of both APIs may answer, worded as ErrorFilter answers them. */
export const SERVER_ERROR_EXAMPLES = {
  INTERNAL_ERROR: [{ summary: 'An unexpected failure', message: INTERNAL_ERROR_MESSAGE }],
  SERVICE_UNAVAILABLE: [{ summary: 'A dependency is down', message: SERVICE_UNAVAILABLE_MESSAGE }],
} satisfies Partial<Record<ErrorCode, ErrorExample[]>>;

/** The Swagger UI files the page needs, served from the package @nestjs/swagger ships with. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
};

const page = (title: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/swagger-ui-standalone-preset.js"></script>
<script src="/docs/swagger-init.js"></script>
</body>
</html>
`;

/** What starts Swagger UI: a file of its own, as the page's policy runs no inline script. */
const INIT = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: 'StandaloneLayout' });
`;

/**
 * The documentation page's headers, as the pilot web app's: Swagger UI sets style attributes and
 * draws its icons from data: URLs, and fetches the description from this origin.
 */
const DOCS_HEADERS = pageHeaders([
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
]);

/**
 * An app's OpenAPI description from its controllers and `config`, with operation ids
 * `<Controller>_<method>`, keeping only the paths under `pathPrefix` (not health, metrics, or the
 * documentation itself). Operations carry only the tags they declare: no tag named after a
 * controller is added, which would list an operation twice on the documentation page.
 */
export function createOpenApiDocument(
  app: INestApplication,
  config: Omit<OpenAPIObject, 'paths'>,
  pathPrefix: string,
): OpenAPIObject {
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
    autoTagControllers: false,
  });
  document.paths = Object.fromEntries(
    Object.entries(document.paths).filter(([path]) => path.startsWith(pathPrefix)),
  );
  return document;
}

/** The checked-in form of a description: stable key order, two-space indent, final newline. */
export function serializeOpenApi(document: OpenAPIObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * `/openapi.json` and the documentation page `/docs` (titled with the document's title). Registered on Fastify directly (not through
 * SwaggerModule.setup, whose static file serving pulls in ESM-only packages the test runner cannot load);
 * the assets are read once, on first use. The description is built by `build` when one of the two is
 * first asked for, not at start: scanning every controller took about 50 ms of each start's CPU, for
 * answers most processes never give.
 */
export function serveOpenApiDocs(app: NestFastifyApplication, build: () => OpenAPIObject): void {
  const fastify: FastifyInstance = app.getHttpAdapter().getInstance();
  let built: { json: string; html: string } | undefined;
  const docs = (): { json: string; html: string } => {
    if (!built) {
      const document = build();
      built = {
        json: JSON.stringify(document),
        html: page(`${document.info.title} ${document.info.version}`),
      };
    }
    return built;
  };
  const assetDir = dirname(require.resolve('swagger-ui-dist/package.json'));
  const loaded = new Map<string, Buffer>();

  fastify.get('/openapi.json', (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(docs().json),
  );
  fastify.get('/docs', (_request, reply) =>
    reply.headers(DOCS_HEADERS).type('text/html; charset=utf-8').send(docs().html),
  );
  fastify.get('/docs/swagger-init.js', (_request, reply) =>
    reply.headers(DOCS_HEADERS).type('application/javascript; charset=utf-8').send(INIT),
  );
  fastify.get('/docs/:asset', (request, reply) => {
    const { asset } = request.params as { asset: string };
    const type = ASSETS[asset];
    if (type === undefined) {
      return reply.callNotFound();
    }
    let body = loaded.get(asset);
    if (!body) {
      body = readFileSync(join(assetDir, asset));
      loaded.set(asset, body);
    }
    return reply.headers(DOCS_HEADERS).type(type).header('Cache-Control', 'public, max-age=86400').send(body);
  });
}
