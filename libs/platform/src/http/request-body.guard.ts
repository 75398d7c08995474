import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { HttpAdapterHost } from '@nestjs/core';
import { httpRequestOf } from './http-context';
import { parseUnreadBody, UnreadBody } from './request-body';

/** Whether a controller's handler reads its body (a `@Body()` parameter), from Nest's own metadata. */
export function handlerTakesBody(controller: object, handler: string): boolean {
  const args: unknown = Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler);
  return (
    typeof args === 'object' &&
    args !== null &&
    Object.keys(args).some((key) => key.split(':')[0] === String(RouteParamtypes.BODY))
  );
}

const BODY_OPTIONAL = 'pft:body-optional';

/**
 * A route whose body may be left out (`POST /pilot/v1/linking-codes`: none, or an object): an empty one
 * is taken as none, under any content type, as on a route that reads no body.
 */
export const BodyOptional = (): MethodDecorator => SetMetadata(BODY_OPTIONAL, true);

/** Whether a route takes an empty body as none: it reads no body, or its body is optional (BodyOptional). */
function takesEmptyAsNone(context: ExecutionContext): boolean {
  const handler = context.getHandler();
  return (
    Reflect.getMetadata(BODY_OPTIONAL, handler) === true ||
    !handlerTakesBody(context.getClass(), handler.name)
  );
}

/**
 * The last guard of every route that may carry a body: once the request is let in (authentication,
 * rate limit, scope), its body is parsed, and a broken or oversized one answered 400, before the
 * handler's own input checks. The handler's `@Body()` then sees the parsed value. A route that reads
 * no body, or whose body is optional (BodyOptional), takes an empty one under any content type as none
 * (a client library may send `Content-Type: application/json` with no body on a POST such as an
 * import's commit or a linking code's); anything else sent to it is still parsed and refused as
 * elsewhere.
 */
@Injectable()
export class RequestBodyGuard implements CanActivate {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  canActivate(context: ExecutionContext): boolean {
    const request = httpRequestOf(context);
    const body = request.body;
    if (!(body instanceof UnreadBody)) return true;
    if (body.problem === undefined && body.bytes?.length === 0 && takesEmptyAsNone(context)) {
      request.body = undefined;
      return true;
    }
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
