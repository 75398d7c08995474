import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { Logger } from '@nestjs/common';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { pageHeaders } from '@pft/platform/http/page-headers';

export const PILOT_WEB_PATH = '/app/';

/**
 * The page may load and call only what this service serves: no other host, no inline script. Styles
 * set from script (the charts size their canvases) need 'unsafe-inline' for style attributes only.
 */
const HEADERS = pageHeaders([
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
]);

/**
 * Serves the pilot web app (apps/pilot-web, built into `dir` by the project's build) at /app/. Without
 * a build there (`npm run build` not run) the service runs without it and says so once.
 */
export async function servePilotWeb(app: NestFastifyApplication, dir: string): Promise<void> {
  if (!existsSync(join(dir, 'index.html'))) {
    new Logger('pilot-web').warn(`the pilot web app is not built (no ${dir}/index.html): npm run build`);
    return;
  }
  const fastify = app.getHttpAdapter().getInstance();
  fastify.get('/app', (_request, reply) => reply.redirect(PILOT_WEB_PATH, 301));
  await app.register(fastifyStatic, {
    root: dir,
    prefix: PILOT_WEB_PATH,
    index: 'index.html',
    // Source maps would hand every source to anyone: they are not built, nor served if one is there.
    allowedPath: (path) => !path.endsWith('.map'),
    // The bundle's names do not change between builds: the browser asks again each time.
    cacheControl: false,
    // The files are small: a Range header is ignored, never answered 206 or 416 (past the file's end).
    acceptRanges: false,
    setHeaders: (res) => {
      res.header('Cache-Control', 'no-cache');
      for (const [name, value] of Object.entries(HEADERS)) res.header(name, value);
    },
  });
}
