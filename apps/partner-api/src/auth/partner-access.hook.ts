import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  apiKeyPrefix,
  bearerApiKey,
  decideRate,
  rateLimitHeaders,
  RETRY_AFTER_SECONDS,
  scopeAllows,
} from '@pft/domain';
import { ApiError, AppConfig, countRateLimited } from '@pft/platform';
import { type ApiKeyRecord } from '@pft/access/api-keys';
import { WindowCounter, type WindowHit } from '../rate-limit/window-counter';
import { ApiKeyDirectory } from './api-key-directory';
import { type PartnerRequest, type PartnerRouteConfig } from './partner-endpoint.decorator';

/**
 * Authentication, rate limit and scope of every partner endpoint, in the contract's order
 * (401, then 429, then 403). It runs as a Fastify onRequest hook, before the body is read, so a key
 * is checked before anything about the request's input (400) and the hot path stays short.
 */
@Injectable()
export class PartnerAccessHook implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly directory: ApiKeyDirectory,
    private readonly counter: WindowCounter,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.addHook('onRequest', (request, reply) => this.check(request, reply));
  }

  async check(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const rule = (request.routeOptions.config as PartnerRouteConfig | undefined)?.partnerAccess;
    if (!rule) return request.is404 ? this.countUnrouted(request, reply) : undefined;
    const key = bearerApiKey(request.headers.authorization);
    const found = key === null ? undefined : await this.authenticate(key);
    if (!found) return this.refuse(request);

    this.applyRate(found, reply);
    if (!scopeAllows(found.record.scopes, rule.scope)) {
      throw new ApiError('INSUFFICIENT_SCOPE', `This key lacks the scope ${rule.scope ?? ''}`, [
        { field: 'scope', issue: 'missing', message: rule.scope },
      ]);
    }
    (request as PartnerRequest).callingPartner = {
      partnerId: found.record.partnerId,
      keyId: found.record.keyId,
      readRevision: found.hit.readRevision,
    };
  }

  /**
   * An unknown path or a known path with another method (answered 404 or 405 after this): a valid
   * key's request counts and gets the rate limit headers like any other, or 429 past the limit.
   * Without a valid key it is answered 404 or 405 as it is, and not counted as a failed
   * authentication: the path, not the key, is what is wrong.
   */
  private async countUnrouted(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const key = bearerApiKey(request.headers.authorization);
    const found = key === null ? undefined : await this.authenticate(key);
    if (found) this.applyRate(found, reply);
  }

  /** The rate limit headers of this request's count, or 429 past the key's limit. */
  private applyRate(found: { record: ApiKeyRecord; hit: WindowHit }, reply: FastifyReply): void {
    const decision = decideRate(found.record.rateLimit, found.hit.count, found.hit.window);
    void reply.headers(rateLimitHeaders(decision));
    if (!decision.allowed) {
      countRateLimited('api_key');
      throw new ApiError(
        'RATE_LIMITED',
        `This key may make ${decision.limit} requests per minute; retry after the window resets`,
        undefined,
        { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      );
    }
  }

  /** The key's record and this request's count, or undefined when the key is not usable. */
  private async authenticate(key: string): Promise<{ record: ApiKeyRecord; hit: WindowHit } | undefined> {
    const prefix = apiKeyPrefix(key);
    const remembered = this.directory.remembered(prefix, key);
    if (remembered) {
      const hit = await this.counter.hit(`key:${remembered.record.keyId}`);
      this.directory.noteRevision(hit.keysRevision);
      if (hit.keysRevision !== null && hit.keysRevision === remembered.revision) {
        return { record: remembered.record, hit };
      }
      // Some key changed since the lookup (or Redis cannot tell): read this one again.
      const lookedUpAt = Date.now();
      const record = await this.directory.lookUp(prefix, key);
      if (!record) return undefined;
      this.directory.remember(record, hit.keysRevision, lookedUpAt);
      return { record, hit };
    }
    const revisionBefore = this.directory.revisionBeforeLookup();
    const lookedUpAt = Date.now();
    const record = await this.directory.lookUp(prefix, key);
    if (!record) return undefined;
    const hit = await this.counter.hit(`key:${record.keyId}`);
    this.directory.noteRevision(hit.keysRevision);
    this.directory.remember(record, hit.keysRevision === revisionBefore ? revisionBefore : null, lookedUpAt);
    return { record, hit };
  }

  /** 401, or 429 once this address has failed too often this minute, so keys cannot be guessed at speed. */
  private async refuse(request: FastifyRequest): Promise<never> {
    const hit = await this.counter.hit(`auth-failures:${request.ip}`);
    if (hit.count > this.config.PARTNER_AUTH_FAILURES_PER_MINUTE) {
      countRateLimited('failed_authentications');
      throw new ApiError('RATE_LIMITED', 'Too many failed authentications from this address', undefined, {
        'Retry-After': String(RETRY_AFTER_SECONDS),
      });
    }
    throw new ApiError(
      'UNAUTHORIZED',
      'A valid API key is required in the header Authorization: Bearer <key>',
      undefined,
      { 'WWW-Authenticate': 'Bearer' },
    );
  }
}
