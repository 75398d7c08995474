import { decimalText } from '@pft/contracts/decimal-text';

/**
 * Fixed one-minute rate windows aligned to the clock minute. The clock is passed in, never read here.
 */
export const RATE_WINDOW_SECONDS = 60;
/** The default tier of a new key, per minute (partner API v1, section 8). */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 100;
/** What a 429 tells the caller to wait, as the spec fixes it regardless of the window's remainder. */
export const RETRY_AFTER_SECONDS = 60;

export interface RateWindow {
  /** Minutes since the epoch: the window's identity, shared by every replica. */
  id: number;
  /** Whole seconds until the next window starts, 1..60. */
  resetSeconds: number;
}

export function rateWindowAt(nowMs: number): RateWindow {
  const seconds = Math.floor(nowMs / 1000);
  return {
    id: Math.floor(seconds / RATE_WINDOW_SECONDS),
    resetSeconds: RATE_WINDOW_SECONDS - (seconds % RATE_WINDOW_SECONDS),
  };
}

export interface RateDecision {
  allowed: boolean;
  limit: number;
  /** What is left after this request: 4, 3, 2, 1, 0 for a limit of 5, and 0 past it. */
  remaining: number;
  resetSeconds: number;
}

/** The verdict on the `count`-th request (counting this one) of a window with `limit` allowed. */
export function decideRate(limit: number, count: number, window: RateWindow): RateDecision {
  return {
    allowed: count <= limit,
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds: window.resetSeconds,
  };
}

/**
 * The response headers of a rate decision (RateLimit-* on every answer to a valid key), written by
 * decimalText: the remaining count is a new number on nearly every request.
 */
export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Limit': decimalText(decision.limit),
    'RateLimit-Remaining': decimalText(decision.remaining),
    'RateLimit-Reset': decimalText(decision.resetSeconds),
  };
  if (!decision.allowed) headers['Retry-After'] = String(RETRY_AFTER_SECONDS);
  return headers;
}
