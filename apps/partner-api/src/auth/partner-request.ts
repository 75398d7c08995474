import { type FastifyRequest } from 'fastify';
import { type ApiKeyRecord } from '@pft/partners';
import { type IdempotencyClaim } from '../idempotency/idempotency-key';
import { type WindowHit } from '../rate-limit/window-counter';

/** A usable key and this request's count against its limit. */
export interface AuthenticatedKey {
  record: ApiKeyRecord;
  hit: WindowHit;
}

/** The partner and key a request was authenticated as. */
export interface CallingPartner {
  partnerId: string;
  keyId: string;
  /** A sandbox key: `partnerId` is then the partner's sandbox account, which holds only sandbox pilots. */
  sandbox: boolean;
  /** The partner read revision when the request was let in; null when Redis could not tell. */
  readRevision: string | null;
}

export type PartnerRequest = FastifyRequest & {
  partnerKey?: AuthenticatedKey;
  callingPartner?: CallingPartner;
  /** The `Idempotency-Key` this request claimed (IdempotencyInterceptor), if it sent one. */
  idempotencyClaim?: IdempotencyClaim;
};
