import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type FastifyRequest } from 'fastify';
import { type Observable, map } from 'rxjs';
import { successEnvelope } from './envelope';

const RAW_RESPONSE = 'pft:raw-response';

/** Marks a handler whose return value is sent as it is (metrics text, for one). */
export const RawResponse = (): MethodDecorator & ClassDecorator => SetMetadata(RAW_RESPONSE, true);

/** Wraps what a handler returns in `{ data, meta }`; `undefined` (a 204) is left empty. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const raw = this.reflector.getAllAndOverride<boolean | undefined>(RAW_RESPONSE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (raw) return next.handle();
    const requestId = context.switchToHttp().getRequest<FastifyRequest>().id;
    return next
      .handle()
      .pipe(map((data: unknown) => (data === undefined ? undefined : successEnvelope(data, requestId))));
  }
}
