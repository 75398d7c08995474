import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { type FastifyRequest } from 'fastify';
import { apiKeyPrefix, bearerApiKey } from '@pft/partners/domain';
import { ApiError, httpRequestOf } from '@pft/platform';
import { FailedAuthentications } from '@pft/partners/rate-limits/failed-authentications';
import { WindowCounter } from '../rate-limit/window-counter';
import { ApiKeyDirectory } from './api-key-directory';
import { type AuthenticatedKey, type PartnerRequest } from './partner-request';
import { PartnerApiConfig } from '../partner-api.config';

/**
 * The first check of every partner endpoint (401): a usable API key. Its lookup and the key's rate
 * count share one Redis round trip, so the count is made here and left on the request for
 * PartnerRateLimitGuard, which runs next.
 */
@Injectable()
export class PartnerKeyGuard implements CanActivate {
  constructor(
    private readonly directory: ApiKeyDirectory,
    private readonly counter: WindowCounter,
    private readonly failures: FailedAuthentications,
    private readonly config: PartnerApiConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = httpRequestOf<PartnerRequest>(context);
    const found = await this.authenticate(request);
    if (!found) return this.refuse(request);
    request.partnerKey = found;
    return true;
  }

  /** The key's record and this request's count, or undefined when the request has no usable key. */
  async authenticate(request: FastifyRequest): Promise<AuthenticatedKey | undefined> {
    const key = bearerApiKey(request.headers.authorization);
    if (key === null) return undefined;
    const prefix = apiKeyPrefix(key);
    const remembered = this.directory.remembered(prefix, key);
    if (remembered) {
      const hit = await this.counter.hit(`key:${remembered.record.keyId}`, request.id);
      this.directory.noteRevision(hit.keysRevision);
      if (hit.keysRevision !== null && hit.keysRevision === remembered.revision) {
        return { record: remembered.record, hit };
      }
      // Some key changed since the lookup (or Redis cannot tell): read this one again.
      const read = await this.directory.lookUp(prefix, key);
      if (!read) return undefined;
      this.directory.remember(read, key, hit.keysRevision);
      return { record: read.record, hit };
    }
    const read = await this.directory.lookUp(prefix, key);
    if (!read) return undefined;
    const hit = await this.counter.hit(`key:${read.record.keyId}`, request.id);
    this.directory.noteRevision(hit.keysRevision);
    if (hit.keysRevision !== null && hit.keysRevision !== read.revisionBefore) {
      // A key changed since the read began (it may have been a read joined, begun before this request
      // came): the key may have been revoked before this request came. Read it again, from now.
      const again = await this.directory.lookUp(prefix, key);
      if (!again) return undefined;
      this.directory.remember(again, key, hit.keysRevision);
      return { record: again.record, hit };
    }
    this.directory.remember(read, key, hit.keysRevision);
    return { record: read.record, hit };
  }

  /** 401, or 429 once this address has failed too often this minute, so keys cannot be guessed at speed. */
  refuse(request: FastifyRequest): Promise<never> {
    return this.failures.refuse(
      'auth-failures',
      request.ip,
      this.config.PARTNER_AUTH_FAILURES_PER_MINUTE,
      () =>
        new ApiError(
          'UNAUTHORIZED',
          'A valid API key is required in the header Authorization: Bearer <key>',
          undefined,
          { 'WWW-Authenticate': 'Bearer' },
        ),
    );
  }
}
