import { Injectable } from '@nestjs/common';
import { toErrorResponse } from '@pft/platform';
import { type PartnerRequest } from '../auth/partner-request';
import { PARTNER_API_ERRORS } from '../partner-api.errors';
import { answerToRefused, keptError } from './idempotent-answers';
import { isReplayableStatus, readIdempotencyKey, requestFingerprint } from './idempotency-key';
import { IdempotencyStore } from './idempotency.store';

/**
 * The refusals a POST gets after its key and rate limit were checked but before its handler: a live
 * key on a sandbox endpoint (404), a missing scope (403), a body that cannot be read (400: not JSON,
 * another media type, over the route's limit). Under a valid `Idempotency-Key` they are first answers
 * like any other: kept, and given again to the same request. 401 and 429 come before and are never
 * kept. Nothing is kept without a valid key (the key's own 400 comes after these), nor for a body
 * over its limit that was cut off unread (the connection closed): it cannot be told from another.
 */
@Injectable()
export class IdempotentRefusals {
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
}
