import { Injectable, Logger } from '@nestjs/common';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type ErrorCode, type ErrorDetail, toErrorResponse } from '@pft/platform';
import { type PartnerRequest } from '../auth/partner-request';
import { PARTNER_API_ERRORS } from '../partner-api.errors';
import { answerKeptFor, answerToRefused, keptError, replayedError } from './idempotent-answers';
import {
  type IdempotencyClaim,
  isReplayableStatus,
  readIdempotencyKey,
  requestFingerprint,
} from './idempotency-key';
import { IdempotencyStore } from './idempotency.store';

/** An error answer's body, as the error filter hands it to be sent. */
interface ErrorBody {
  error?: { code: ErrorCode; message: string; details?: ErrorDetail[] };
}

/**
 * The refusals a POST gets after its key and rate limit were checked but before its handler: a live
 * key on a sandbox endpoint (404), a missing scope (403), a body that cannot be read (400: not JSON,
 * another media type, over the route's limit), and, on a path no route takes, 404 or 405. Under a
 * valid `Idempotency-Key` they are first answers like any other: kept, and given again to the same
 * request. 401 and 429 come before and are never kept. Nothing is kept without a valid key (the key's
 * own 400 comes after these), nor for a body over its limit that was cut off unread (the connection
 * closed): it cannot be told from another.
 */
@Injectable()
export class IdempotentRefusals {
  private readonly logger = new Logger('idempotency');
  /** The keys claimed by requests no route takes, until their answer is sent (keepUnroutedAnswer). */
  private readonly unrouted = new WeakMap<FastifyRequest, IdempotencyClaim>();

  constructor(private readonly store: IdempotencyStore) {}

  /** Answers `refusal`, kept under the request's key when it has one: throws, always. */
  async refuse(request: PartnerRequest, refusal: unknown): Promise<never> {
    const partnerId = request.partnerKey?.record.partnerId;
    if (request.method !== 'POST' || partnerId === undefined) throw refusal;
    const header = readIdempotencyKey(request.raw.rawHeaders);
    const fingerprint = requestFingerprint(request);
    if (!header.present || !header.ok || !fingerprint) throw refusal;
    const answer = toErrorResponse(refusal, request, { codes: PARTNER_API_ERRORS });
    if (!isReplayableStatus(answer.status) || answer.unexpected) throw refusal;
    const claim = await this.store.claimOrFind(partnerId, header.key, fingerprint, request.id);
    if (!claim.claimed) throw answerToRefused(claim.earlier, fingerprint, refusal);
    await this.store.keep({ partnerId, key: header.key, requestId: request.id }, keptError(answer));
    throw refusal;
  }

  /**
   * A POST no route takes (an unknown path under `/v1/`, or a path that takes other methods), after its
   * key and rate limit, before its body is read: claims its `Idempotency-Key`, so that its answer (404,
   * 405, or the 400 of a body that cannot be read) is kept as it is sent. Throws the error kept for the
   * same request before, replayed, or the 409 of a key used otherwise or still in progress. A success
   * kept for the same request (its path served then) is not given: it is answered anew, not kept.
   */
  async claimUnrouted(request: FastifyRequest, partnerId: string): Promise<void> {
    if (request.method !== 'POST') return;
    const header = readIdempotencyKey(request.raw.rawHeaders);
    const fingerprint = requestFingerprint(request);
    if (!header.present || !header.ok || !fingerprint) return;
    const claim = await this.store.claimOrFind(partnerId, header.key, fingerprint, request.id);
    if (claim.claimed) {
      this.unrouted.set(request, { partnerId, key: header.key, requestId: request.id });
      return;
    }
    const kept = answerKeptFor(claim.earlier, fingerprint);
    if ('conflict' in kept) throw kept.conflict;
    if (kept.answer.error !== null) throw replayedError(kept.answer.error);
  }

  /**
   * Keeps the answer of a request claimUnrouted claimed a key for, before it is sent (a preSerialization
   * hook: `payload` is the error body): kept unless it may be retried (401, 429, 5xx), when the key is
   * released instead. Undefined, at once, for any other request.
   */
  keepUnroutedAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
  ): Promise<void> | undefined {
    const claim = this.unrouted.get(request);
    if (!claim) return undefined;
    this.unrouted.delete(request);
    return this.keepAnswer(claim, reply, (payload as ErrorBody | null)?.error);
  }

  private async keepAnswer(
    claim: IdempotencyClaim,
    reply: FastifyReply,
    error: ErrorBody['error'],
  ): Promise<void> {
    if (error && isReplayableStatus(reply.statusCode)) {
      const allow = reply.getHeader('allow');
      const headers: Record<string, string> = typeof allow === 'string' ? { Allow: allow } : {};
      await this.store.keep(claim, keptError({ status: reply.statusCode, ...error, headers }));
      return;
    }
    try {
      await this.store.release(claim.partnerId, claim.key, claim.requestId);
    } catch (err) {
      // The claim is taken over once abandoned (ABANDONED_CLAIM_MS).
      this.logger.warn({ err, reqId: claim.requestId }, 'could not release an idempotency key');
    }
  }
}
