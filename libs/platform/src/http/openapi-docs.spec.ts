import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type OpenAPIObject } from '@nestjs/swagger';
import fastify from 'fastify';
import { serveOpenApiDocs } from './openapi-docs';

const DOCUMENT: OpenAPIObject = {
  openapi: '3.0.3',
  info: { title: 'Some API', version: 'v1' },
  paths: { '/v1/things': {} },
};

describe('serveOpenApiDocs', () => {
  it('builds the description when it is first asked for, once, and serves it with its page', async () => {
    const server = fastify();
    const app = {
      getHttpAdapter: () => ({ getInstance: () => server }),
    } as unknown as NestFastifyApplication;
    const build = jest.fn(() => DOCUMENT);
    serveOpenApiDocs(app, build);
    await server.ready();
    expect(build).not.toHaveBeenCalled();

    const json = await server.inject({ method: 'GET', url: '/openapi.json' });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(json.body)).toEqual(DOCUMENT);
    const page = await server.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Some API v1</title>');
    expect(build).toHaveBeenCalledTimes(1);
    await server.close();
  });
});
