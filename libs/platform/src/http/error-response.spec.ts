import { BadRequestException, ForbiddenException, HttpException, NotFoundException } from '@nestjs/common';
import { WriteOutcomeUnknown } from '../database/write-outcome';
import { ApiError, type ErrorCode } from './api-error';
import { errorCodes } from './error-codes';
import { toErrorResponse } from './error-response';
import { RouteTable } from './route-table';

const request = { method: 'GET', url: '/v1/x' };

describe('toErrorResponse', () => {
  it('passes an ApiError through with its code, details and headers', () => {
    const error = new ApiError('RATE_LIMITED', 'slow down', undefined, { 'Retry-After': '60' });
    expect(toErrorResponse(error, request)).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'slow down',
      headers: { 'Retry-After': '60' },
      unexpected: false,
    });
  });

  describe('codes of a part of the business', () => {
    class ShelfEmpty extends Error {
      readonly code = 'SHELF_EMPTY';
      readonly details = [{ field: 'shelf', issue: 'empty' }];
    }
    class Unregistered extends Error {
      readonly code = 'SHELF_EMPTY';
    }
    const codes = errorCodes({ statuses: { SHELF_EMPTY: 410 }, errors: [ShelfEmpty] });

    it('answers a registered domain error with its status, code, message and details', () => {
      expect(toErrorResponse(new ShelfEmpty('no more'), request, { codes })).toEqual({
        status: 410,
        code: 'SHELF_EMPTY',
        message: 'no more',
        details: [{ field: 'shelf', issue: 'empty' }],
        headers: {},
        unexpected: false,
      });
    });

    it('answers an ApiError of a registered code with its status', () => {
      const error = new ApiError('SHELF_EMPTY' as ErrorCode, 'gone');
      expect(toErrorResponse(error, request, { codes })).toMatchObject({ status: 410, code: 'SHELF_EMPTY' });
    });

    it('takes a code or a domain error the app did not register for a fault of ours', () => {
      const error = new ApiError('SHELF_EMPTY' as ErrorCode, 'gone');
      expect(toErrorResponse(error, request)).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
      expect(toErrorResponse(new Unregistered('x'), request, { codes })).toMatchObject({
        status: 500,
        unexpected: true,
      });
    });

    it('refuses a code declared with two statuses', () => {
      expect(() =>
        errorCodes({ statuses: { SHELF_EMPTY: 410 } }, { statuses: { SHELF_EMPTY: 404 } }),
      ).toThrow(/SHELF_EMPTY is declared with 410 and 404/);
      expect(() => errorCodes({ statuses: { NOT_FOUND: 410 } })).toThrow(/NOT_FOUND/);
    });
  });

  it('answers 404 NOT_FOUND for an unknown path and 405 with Allow for a wrong method', () => {
    const routes = new RouteTable();
    routes.add('/v1/link', 'POST');
    expect(
      toErrorResponse(new NotFoundException(), { method: 'GET', url: '/v1/nothing' }, { routes }),
    ).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(
      toErrorResponse(new NotFoundException(), { method: 'GET', url: '/v1/link' }, { routes }),
    ).toMatchObject({
      status: 405,
      code: 'METHOD_NOT_ALLOWED',
      headers: { Allow: 'POST' },
    });
  });

  it.each([
    ['FST_ERR_CTP_BODY_TOO_LARGE', 'too_large'],
    ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 'unsupported_media_type'],
    ['FST_ERR_CTP_INVALID_JSON_BODY', 'invalid_json'],
  ])('maps the body error %s to 400 INVALID_REQUEST (%s)', (code, issue) => {
    const error = Object.assign(new Error('x'), { code, statusCode: 413 });
    expect(toErrorResponse(error, request)).toMatchObject({
      status: 400,
      code: 'INVALID_REQUEST',
      details: [{ field: 'body', issue }],
    });
  });

  it.each([
    [new HttpException('Request body is too large', 413), 'too_large'],
    [new HttpException('Unsupported Media Type: text/plain', 415), 'unsupported_media_type'],
    [
      new HttpException("Body is not valid JSON but content-type is set to 'application/json'", 400),
      'invalid_json',
    ],
    [
      new HttpException("Body cannot be empty when content-type is set to 'application/json'", 400),
      'required',
    ],
  ])('maps Fastify body refusals that Nest wrapped (%s) to 400 with issue %s', (error, issue) => {
    expect(toErrorResponse(error, request)).toMatchObject({
      status: 400,
      code: 'INVALID_REQUEST',
      details: [{ field: 'body', issue }],
    });
  });

  it('maps a file server’s 412 (a failed If-Match or If-Unmodified-Since) to 412 PRECONDITION_FAILED', () => {
    const error = new HttpException('Precondition Failed', 412);
    expect(toErrorResponse(error, request)).toMatchObject({
      status: 412,
      code: 'PRECONDITION_FAILED',
      headers: {},
      unexpected: false,
    });
  });

  it('maps a file server’s 403 (a path leaving its folder) to 404 NOT_FOUND, and never a guard’s refusal', () => {
    expect(toErrorResponse(new HttpException('Forbidden', 403), request)).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(toErrorResponse(new ForbiddenException(), request)).not.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('maps a framework 400 to INVALID_REQUEST without its text', () => {
    const response = toErrorResponse(
      new BadRequestException('Unexpected token } in JSON at position 3'),
      request,
    );
    expect(response).toMatchObject({ status: 400, code: 'INVALID_REQUEST' });
    expect(response.message).not.toContain('Unexpected token');
  });

  it('maps a refused connection to 503 with Retry-After', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(toErrorResponse(error, request)).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      headers: { 'Retry-After': '5' },
    });
  });

  it.each([
    ['no connection within the connect time limit', new Error('timeout exceeded when trying to connect')],
    ['a connection that broke', new Error('Connection terminated unexpectedly')],
    [
      'a statement unanswered within the query time limit, as TypeORM wraps it',
      Object.assign(new Error('Query read timeout'), { driverError: new Error('Query read timeout') }),
    ],
    ['Postgres shutting down', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    [
      'a statement Postgres cancelled past the time limit',
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
    ],
  ])('maps %s to 503 without its text', (_what, error) => {
    const response = toErrorResponse(error, request);
    expect(response).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(response.message).not.toContain(error.message);
  });

  it('maps a write of unknown outcome to 503 WRITE_OUTCOME_UNKNOWN, telling to send it again, logged as unexpected', () => {
    const response = toErrorResponse(new WriteOutcomeUnknown(new Error('Query read timeout')), request);
    expect(response).toMatchObject({
      status: 503,
      code: 'WRITE_OUTCOME_UNKNOWN',
      headers: { 'Retry-After': '5' },
      unexpected: true,
    });
    expect(response.message).toMatch(/send the same request again/);
    expect(response.message).not.toContain('Query read timeout');
  });

  it('hides anything else behind 500 INTERNAL_ERROR, never echoing its message', () => {
    const response = toErrorResponse(new Error('relation "api_keys" does not exist'), request);
    expect(response).toMatchObject({ status: 500, code: 'INTERNAL_ERROR', unexpected: true });
    expect(response.message).not.toContain('api_keys');
  });
});
