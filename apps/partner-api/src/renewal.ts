/**
 * The share of its lifetime after which what a replica keeps in memory (a totals answer, an API key's
 * lookup) is read again in the background by the first request that uses it, so that what is in use is
 * renewed before it stops counting and no request waits for the database while it holds.
 */
export const RENEW_AFTER_SHARE = 0.75;
