/**
 * kafkajs 2.2.4's request queue schedules its next look at the pending requests after every look and
 * every answer, whether anything is pending or not, with `throttledUntil - Date.now()`, where
 * throttledUntil starts at -1: a negative delay, which Node runs as 1 ms. Every connection to a broker
 * so wakes its process about a thousand times a second for nothing (kafkajs issues 1556 and 1704),
 * which made up most of an idle app's CPU, and since Node 24 the
 * negative delay also prints a TimeoutNegativeWarning on stderr (issue 1751). kafkajs has no release
 * with a fix. Here the look is scheduled only when requests are pending: at the end of the throttle
 * the broker asked for, or after kafkajs's own 10 ms when a request waits on the in-flight limit. A
 * request that is queued schedules the look itself (`push`), and every answer looks again
 * (`fulfillRequest`), so nothing waits on a look that was not scheduled.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const RequestQueue = require('kafkajs/src/network/requestQueue') as
  { prototype: RequestQueueInternals } | undefined;

export interface RequestQueueInternals {
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  pending: unknown[];
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

/** kafkajs's own interval for a queue that has pending requests and no throttle. */
const CHECK_PENDING_REQUESTS_INTERVAL = 10;

export function scheduleCheckOnlyWhenPending(): void {
  const prototype = RequestQueue?.prototype;
  if (!prototype || typeof prototype.scheduleCheckPendingRequests !== 'function') return;
  prototype.scheduleCheckPendingRequests = function (this: RequestQueueInternals): void {
    if (this.throttleCheckTimeoutId || this.pending.length === 0) return;
    const untilThrottleEnds = this.throttledUntil - Date.now();
    const delay = untilThrottleEnds > 0 ? untilThrottleEnds : CHECK_PENDING_REQUESTS_INTERVAL;
    this.throttleCheckTimeoutId = setTimeout(() => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    }, delay);
  };
}
