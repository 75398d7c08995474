import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { httpRequestOf } from './http-context';
import { parseUnreadBody, UnreadBody } from './request-body';

/**
 * The last guard of every route that may carry a body: once the request is let in (authentication,
 * rate limit, scope), its body is parsed, and a broken or oversized one answered 400, before the
 * handler's own input checks. The handler's `@Body()` then sees the parsed value.
 */
@Injectable()
export class RequestBodyGuard implements CanActivate {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  canActivate(context: ExecutionContext): boolean {
    const request = httpRequestOf(context);
    if (!(request.body instanceof UnreadBody)) return true;
    try {
      request.body = parseUnreadBody(request);
    } catch (err) {
      // As Nest hands on a parser's error (an FST error becomes an HttpException), so the error
      // filter answers it as it did when Fastify parsed bodies itself.
      throw this.adapterHost.httpAdapter.mapException(err);
    }
    return true;
  }
}
