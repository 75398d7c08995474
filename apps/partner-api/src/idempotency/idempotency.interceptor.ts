import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  Logger,
  type NestInterceptor,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { type FastifyReply } from 'fastify';
import { defer, lastValueFrom, type Observable } from 'rxjs';
import { ApiError, httpReplyOf, httpRequestOf, SerializedJson, toErrorResponse } from '@pft/platform';
import { type PartnerRequest } from '../auth/partner-request';
import { PARTNER_API_ERRORS } from '../partner-api.errors';
import { answerKeptFor, keptError, replayedError } from './idempotent-answers';
import {
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAYED_HEADER,
  isReplayableStatus,
  readIdempotencyKey,
  requestFingerprint,
  type RequestFingerprint,
} from './idempotency-key';
import { ABANDONED_CLAIM_MS, type EarlierUse, IdempotencyStore, keptSuccess } from './idempotency.store';

/** The pause before a release that failed is tried again. */
const RELEASE_AGAIN_MS = 1000;

/**
 * `Idempotency-Key` on every POST of the partner API, put on each route by `@PartnerWriteEndpoint()`, so it
 * runs after the key, rate limit, scope and body checks (their refusals are kept by IdempotentRefusals,
 * but for 401 and 429). The first request under a key claims it in Postgres (one winner across
 * replicas), is served, and its answer is kept for 24 hours; the same request again gets that answer
 * with `Idempotent-Replayed: true` and nothing is done again. Requests of other methods pass through
 * untouched.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor, OnApplicationShutdown {
  private readonly logger = new Logger('idempotency');
  /** Releases waiting to be tried again; a claim they do not free is taken over once abandoned. */
  private readonly releasing = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly store: IdempotencyStore) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = httpRequestOf<PartnerRequest>(context);
    if (request.method !== 'POST') return next.handle();
    const header = readIdempotencyKey(request.raw.rawHeaders);
    if (!header.present) return next.handle();
    if (!header.ok) {
      throw new ApiError('INVALID_REQUEST', IDEMPOTENCY_MESSAGES[header.issue], [
        { field: 'Idempotency-Key', issue: header.issue },
      ]);
    }
    const partnerId = request.callingPartner?.partnerId ?? request.partnerKey?.record.partnerId;
    // PartnerEndpoint puts the key guard before this; reaching here without a partner is our bug.
    if (!partnerId) throw new Error('IdempotencyInterceptor used on a route without PartnerKeyGuard');
    const reply = httpReplyOf(context);
    const fingerprint = requestFingerprint(request);
    // The body guard, before this, refuses a body not read whole; reaching here with one is our bug.
    if (!fingerprint) throw new Error('IdempotencyInterceptor reached with a body not read whole');
    return defer(() => this.serve(partnerId, header.key, fingerprint, request, reply, next));
  }

  private async serve(
    partnerId: string,
    key: string,
    fingerprint: RequestFingerprint,
    request: PartnerRequest,
    reply: FastifyReply,
    next: CallHandler,
  ): Promise<unknown> {
    const claim = await this.store.claimOrFind(partnerId, key, fingerprint, request.id);
    if (!claim.claimed) return replay(claim.earlier, fingerprint, reply);
    request.idempotencyClaim = { partnerId, key, requestId: request.id };
    return this.serveFirst(partnerId, key, request, reply, next);
  }

  /** Serves the request that claimed the key, and keeps its answer unless it may be retried. */
  private async serveFirst(
    partnerId: string,
    key: string,
    request: PartnerRequest,
    reply: FastifyReply,
    next: CallHandler,
  ): Promise<unknown> {
    let data: unknown;
    try {
      data = await lastValueFrom(next.handle(), { defaultValue: undefined });
    } catch (err) {
      const answer = toErrorResponse(err, request, { codes: PARTNER_API_ERRORS });
      if (isReplayableStatus(answer.status)) {
        await this.store.keep({ partnerId, key, requestId: request.id }, keptError(answer));
      } else {
        await this.release(partnerId, key, request.id);
      }
      throw err;
    }
    await this.store.keep({ partnerId, key, requestId: request.id }, keptSuccess(reply.statusCode, data));
    return data;
  }

  /**
   * Frees the key of a request whose answer is not kept. When the database cannot be reached now (as
   * when a commit's answer was lost: 503 WRITE_OUTCOME_UNKNOWN), it is tried again in the background
   * until it can, so that a retry finds the key free rather than in progress until the claim is taken
   * for abandoned. The release frees only a claim still unanswered: one whose answer was kept in the
   * transaction of the request's work (completeWithin) stays, and a retry replays it.
   */
  private async release(partnerId: string, key: string, requestId: string): Promise<void> {
    try {
      await this.store.release(partnerId, key, requestId);
    } catch (err) {
      this.logger.warn({ err, reqId: requestId }, 'could not release an idempotency key; trying again');
      this.releaseLater(partnerId, key, requestId, Date.now() + ABANDONED_CLAIM_MS);
    }
  }

  private releaseLater(partnerId: string, key: string, requestId: string, until: number): void {
    if (this.closed || Date.now() + RELEASE_AGAIN_MS >= until) return;
    const timer = setTimeout(() => {
      this.releasing.delete(timer);
      this.store
        .release(partnerId, key, requestId)
        .catch(() => this.releaseLater(partnerId, key, requestId, until));
    }, RELEASE_AGAIN_MS).unref();
    this.releasing.add(timer);
  }

  onApplicationShutdown(): void {
    this.closed = true;
    for (const timer of this.releasing) clearTimeout(timer);
    this.releasing.clear();
  }
}

/** The earlier answer again, or 409 when the key was used otherwise or its request is still being served. */
function replay(earlier: EarlierUse, fingerprint: RequestFingerprint, reply: FastifyReply): unknown {
  const kept = answerKeptFor(earlier, fingerprint);
  if ('conflict' in kept) throw kept.conflict;
  const { answer } = kept;
  if (answer.error !== null) throw replayedError(answer.error);
  void reply.status(answer.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return new SerializedJson(answer.data ?? 'null');
}
