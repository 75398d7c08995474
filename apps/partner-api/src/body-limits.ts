/** The partner API's bodies: at most 1 KB (a link, a webhook endpoint, a sandbox flight). */
export const PARTNER_API_BODY_LIMIT = 1024;

/** A requirement check's body: at most 8 KB (`pilot-experience.md` 5), the largest the API takes. */
export const REQUIREMENT_CHECK_BODY_LIMIT = 8 * 1024;
