import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type RequiredScopes, scopeAllows, scopeMissing } from '@pft/partners/domain';
import { ApiError, httpRequestOf } from '@pft/platform';
import { type PartnerRequest } from './partner-request';

/**
 * The scope an endpoint needs; `scope` undefined: any valid key will do. (An object: Nest stores an
 * undefined value as `{}`.) `sandboxOnly`: the endpoint exists for sandbox keys only.
 */
type RouteHandler = ReturnType<ExecutionContext['getHandler']>;

interface RequiredScopeOptions {
  /** One scope, any one of a list, or none. */
  scope: RequiredScopes;
  sandboxOnly?: boolean;
}

export const RequiredScope = Reflector.createDecorator<RequiredScopeOptions>();

/**
 * The third check (403): the scope the endpoint needs (after a 404 for a live key on a sandbox endpoint). A request let in here is the calling partner's,
 * which the handler gets with `@CurrentPartner()`.
 */
@Injectable()
export class PartnerScopeGuard implements CanActivate {
  /**
   * Each route handler's RequiredScope, read once: metadata never changes after start, and reading it
   * through reflect-metadata on every request costs the partner API on every read.
   */
  private readonly required = new WeakMap<RouteHandler, RequiredScopeOptions>();

  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const request = httpRequestOf<PartnerRequest>(context);
    const found = request.partnerKey;
    if (!found) throw new Error('PartnerScopeGuard used without PartnerKeyGuard before it');
    const { scope, sandboxOnly } = this.requiredBy(context.getHandler());
    // For a live key a sandbox endpoint does not exist: answered as an unknown path is, whatever its scopes.
    if (sandboxOnly === true && !found.record.sandbox) {
      throw new ApiError('NOT_FOUND', 'No such resource');
    }
    if (!scopeAllows(found.record.scopes, scope)) {
      const named = typeof scope === 'string' ? scope : (scope ?? []).join(' or ');
      throw scopeMissing(named);
    }
    request.callingPartner = {
      partnerId: found.record.partnerId,
      keyId: found.record.keyId,
      sandbox: found.record.sandbox,
      readRevision: found.hit.readRevision,
    };
    return true;
  }

  private requiredBy(handler: RouteHandler): RequiredScopeOptions {
    let required = this.required.get(handler);
    if (required === undefined) {
      required = this.reflector.get(RequiredScope, handler);
      this.required.set(handler, required);
    }
    return required;
  }
}
