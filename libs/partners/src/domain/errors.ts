/** What a refusal says of the input it concerns. */
interface RefusalDetail {
  field: string;
  issue: string;
  message?: string;
}

type PartnersErrorCode = keyof (typeof STATUSES)['statuses'];

/**
 * A partner's request refused by the rules of connections, consent and scopes, thrown wherever it is
 * found and answered with its code, message and details (PARTNERS_ERRORS). Made by the functions
 * below, so each refusal says the same wherever it is found.
 */
export class PartnerRefused extends Error {
  constructor(
    readonly code: PartnersErrorCode,
    message: string,
    readonly details?: readonly RefusalDetail[],
  ) {
    super(message);
    this.name = 'PartnerRefused';
  }
}

/** Never linked, disconnected, or another partner's: one answer, so nothing leaks. */
export const pilotNotLinked = (): PartnerRefused =>
  new PartnerRefused('PILOT_NOT_FOUND', 'No pilot with this pilot_id is linked to you');

export const experienceNotShared = (): PartnerRefused =>
  new PartnerRefused('EXPERIENCE_NOT_SHARED', 'The pilot does not share their experience with you');

/** `named`: the scope the endpoint needs, or its scopes joined by "or". */
export const scopeMissing = (named: string): PartnerRefused =>
  new PartnerRefused('INSUFFICIENT_SCOPE', `This key lacks the scope ${named}`, [
    { field: 'scope', issue: 'missing', message: named },
  ]);

/** One answer for a malformed, unknown, expired or used code, so a caller cannot tell them apart. */
export const invalidLinkingToken = (): PartnerRefused =>
  new PartnerRefused('INVALID_TOKEN', 'The linking token is invalid, expired or already used', [
    { field: 'linking_token', issue: 'invalid' },
  ]);

const STATUSES = {
  statuses: {
    /** A linking code that is invalid, expired or already used. */
    INVALID_TOKEN: 400,
    INSUFFICIENT_SCOPE: 403,
    /** No pilot with this id is linked to the calling partner. */
    PILOT_NOT_FOUND: 404,
    /** The pilot has no connection with this partner. */
    CONNECTION_NOT_FOUND: 404,
    /**
     * The pilot is linked to the calling partner but does not share their experience with it (pilot
     * experience, sections 3 to 5): "The pilot does not share their experience with you".
     */
    EXPERIENCE_NOT_SHARED: 403,
    /** An idempotency key used for another request, or whose first request is still being served. */
    IDEMPOTENCY_CONFLICT: 409,
  },
} as const;

/**
 * The error codes of partner accounts, keys, scopes, connections and idempotency, with their HTTP
 * status, and the domain error thrown with them.
 */
export const PARTNERS_ERRORS = { ...STATUSES, errors: [PartnerRefused] } as const;
