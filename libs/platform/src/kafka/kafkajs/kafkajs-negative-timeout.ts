/**
 * kafkajs 2.2.4 schedules its request queue's throttle check with `throttledUntil - Date.now()`, where
 * throttledUntil starts at -1: a negative delay on every connection. Node treats it as 1 ms, but since
 * Node 24 also prints a TimeoutNegativeWarning on stderr, as plain text between the JSON log lines.
 * The same method with the delay floored at 0 (what Node did anyway) keeps the behaviour and drops the
 * warning; kafkajs has no release with a fix (its issue 1751).
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const RequestQueue = require('kafkajs/src/network/requestQueue') as
  { prototype: RequestQueueInternals } | undefined;

interface RequestQueueInternals {
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  pending: unknown[];
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

/** kafkajs's own interval for a queue that has pending requests and no throttle. */
const CHECK_PENDING_REQUESTS_INTERVAL = 10;

export function avoidNegativeTimeouts(): void {
  const prototype = RequestQueue?.prototype;
  if (!prototype || typeof prototype.scheduleCheckPendingRequests !== 'function') return;
  prototype.scheduleCheckPendingRequests = function (this: RequestQueueInternals): void {
    if (this.throttleCheckTimeoutId) return;
    const untilThrottleEnds = this.throttledUntil - Date.now();
    const delay =
      this.pending.length > 0 && untilThrottleEnds <= 0
        ? CHECK_PENDING_REQUESTS_INTERVAL
        : Math.max(0, untilThrottleEnds);
    this.throttleCheckTimeoutId = setTimeout(() => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    }, delay);
  };
}
