/** The partner API's bodies: at most 1 KB (a link, partner API v1 4), but those below. */
export const PARTNER_API_BODY_LIMIT = 1024;

/** A sandbox flight: as large as the pilot app takes a flight (16 KB, `pilot-app-api.md`). */
export const SANDBOX_FLIGHT_BODY_LIMIT = 16 * 1024;

/** A webhook endpoint: its URL of up to 2,048 characters and its event types. */
export const WEBHOOK_ENDPOINT_BODY_LIMIT = 4 * 1024;

/** A requirement check's body: at most 8 KB (`pilot-experience.md` 5), the largest the API takes. */
export const REQUIREMENT_CHECK_BODY_LIMIT = 8 * 1024;
