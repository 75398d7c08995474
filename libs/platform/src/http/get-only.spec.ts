import { Controller, Get, Module, Post } from '@nestjs/common';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import { GetOnly } from './get-only';
import { BodyLimit } from './route-body-limits';
import { createHttpApp } from './start-http-app';

/** How often each handler ran. */
const served = { read: 0, plain: 0 };

@Controller()
class ReadsController {
  @Get('read')
  @GetOnly()
  read(): { ok: true } {
    served.read++;
    return { ok: true };
  }

  @Get('plain')
  plain(): { ok: true } {
    served.plain++;
    return { ok: true };
  }

  @Post('limited')
  @BodyLimit(16)
  @GetOnly()
  limited(): { ok: true } {
    return { ok: true };
  }
}

@Module({ controllers: [ReadsController] })
class ReadsModule {}

describe('GetOnly: a GET route that HEAD does not reach', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await createHttpApp(ReadsModule, {
      name: 'partner-api',
      port: 0,
      config: { LOG_LEVEL: 'silent', TRUSTED_PROXIES: '', HOST: '127.0.0.1' },
      bodyLimit: 1024,
    });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(() => app.close());
  beforeEach(() => {
    served.read = 0;
    served.plain = 0;
  });
  const inject = (method: 'GET' | 'HEAD' | 'DELETE', url: string) =>
    app.getHttpAdapter().getInstance().inject({ method, url });

  it('answers HEAD 405 METHOD_NOT_ALLOWED with Allow: GET, without running the handler', async () => {
    const res = await inject('HEAD', '/read');
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET');
    expect(res.body).toBe('');
    expect(served.read).toBe(0);
  });

  it('serves GET, and lists GET alone in the Allow of another method', async () => {
    expect((await inject('GET', '/read')).statusCode).toBe(200);
    expect(served.read).toBe(1);
    const other = await inject('DELETE', '/read');
    expect(other.statusCode).toBe(405);
    expect(other.headers.allow).toBe('GET');
  });

  it('leaves HEAD to any other GET route', async () => {
    expect((await inject('HEAD', '/plain')).statusCode).toBe(200);
    expect(served.plain).toBe(1);
    expect((await inject('DELETE', '/plain')).headers.allow).toBe('GET, HEAD');
  });

  it('keeps the other parts of a route’s config (a body limit given after it)', () => {
    expect(Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, ReadsController.prototype.limited)).toEqual({
      getOnly: true,
      bodyLimit: 16,
    });
  });
});

describe('getOnlyUnder: every GET route under a prefix takes GET alone', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await createHttpApp(ReadsModule, {
      name: 'ingestion',
      port: 0,
      config: { LOG_LEVEL: 'silent', TRUSTED_PROXIES: '', HOST: '127.0.0.1' },
      bodyLimit: 1024,
      getOnlyUnder: '/pla',
    });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(() => app.close());
  beforeEach(() => {
    served.plain = 0;
  });
  const inject = (method: 'GET' | 'HEAD' | 'DELETE', url: string) =>
    app.getHttpAdapter().getInstance().inject({ method, url });

  it('answers HEAD of an unmarked route under it 405 with Allow: GET, without running the handler', async () => {
    const res = await inject('HEAD', '/plain');
    expect([res.statusCode, res.headers.allow, served.plain]).toEqual([405, 'GET', 0]);
    expect((await inject('DELETE', '/plain')).headers.allow).toBe('GET');
    expect((await inject('GET', '/plain')).statusCode).toBe(200);
    expect(served.plain).toBe(1);
  });
});
