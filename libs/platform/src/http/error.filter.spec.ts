import { Logger } from '@nestjs/common';
import fastify from 'fastify';
import { errorCodes } from './error-codes';
import { sendError } from './error.filter';
import { RouteTable } from './route-table';

describe('an error answer', () => {
  it('is the error envelope with its request id, never a download under the name the route gives its file', async () => {
    const app = fastify({ genReqId: () => 'req_test' });
    const logger = new Logger('test');
    jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    app.get('/export.csv', (request, reply) => {
      reply.header('Content-Disposition', 'attachment; filename="logbook.csv"');
      sendError(request, reply, new Error('the store is gone'), new RouteTable(), errorCodes(), logger);
      return reply;
    });
    const answer = await app.inject({ method: 'GET', url: '/export.csv' });
    await app.close();
    expect(answer.statusCode).toBe(500);
    expect(answer.headers['content-disposition']).toBeUndefined();
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['x-request-id']).toBe('req_test');
    expect(answer.json()).toMatchObject({
      error: { code: 'INTERNAL_ERROR' },
      meta: { request_id: 'req_test' },
    });
  });
});
