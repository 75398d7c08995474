/**
 * The error codes of partner accounts, keys, scopes, connections and idempotency, with their HTTP
 * status. Their refusals are answered at the partner API's edge; none is thrown from the domain yet.
 */
export const PARTNERS_ERRORS = {
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
