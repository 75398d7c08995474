import { type LinkingCode } from '../api/types';

/**
 * A linking code as the Partners screen holds it: the API's answer, how long the code lives by the
 * service's clock (LINKING_CODE_TTL_SECONDS there, 10 minutes unless the service is set otherwise),
 * and when the browser received it. The time left is counted from that receipt, so a browser whose
 * clock is off still shows what the service allows.
 */
export interface IssuedCode extends LinkingCode {
  lifetimeSeconds: number;
  /** The browser's clock (ms) when the answer came. */
  receivedAt: number;
}

/**
 * The code with its lifetime: from the service's own clock when the answer says when it was sent (its
 * `Date` header, to the second; never more than the code was given), else from the browser's.
 */
export function issuedCode(code: LinkingCode, sentAt: number | undefined, receivedAt: number): IssuedCode {
  const from = sentAt === undefined || Number.isNaN(sentAt) ? receivedAt : sentAt;
  const lifetimeSeconds = Math.max(0, Math.floor((Date.parse(code.expires_at) - from) / 1000));
  return { ...code, lifetimeSeconds, receivedAt };
}

/** Whole seconds left before the code expires, at the browser's `now` (ms); 0 once expired. */
export function secondsLeft(code: IssuedCode, now: number): number {
  return Math.max(0, Math.ceil((code.lifetimeSeconds * 1000 - (now - code.receivedAt)) / 1000));
}

/** The time left as a clock shows it: `9:58`, or `1:00:00` from an hour up. */
export function countdownText(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

const unit = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * A lifetime in words: `10 minutes`, `1 hour 30 minutes`, `90 seconds` reads `1 minute 30 seconds`.
 * One second off a whole minute is that minute: the service's clock is read to the second only.
 */
export function lifetimeText(seconds: number): string {
  const wholeMinutes = Math.round(seconds / 60);
  const total = wholeMinutes > 0 && Math.abs(seconds - wholeMinutes * 60) <= 1 ? wholeMinutes * 60 : seconds;
  const parts = [
    [Math.floor(total / 3600), 'hour'],
    [Math.floor((total % 3600) / 60), 'minute'],
    [total % 60, 'second'],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, word]) => unit(n, word));
  return said.length > 0 ? said.join(' ') : unit(0, 'second');
}
