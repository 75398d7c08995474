import { type RequestQueueInternals, scheduleCheckOnlyWhenPending } from './kafkajs-pending-check';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const RequestQueue = require('kafkajs/src/network/requestQueue') as new (
  options: object,
) => RequestQueueInternals & {
  maxInFlightRequests: number | null;
  inflight: Map<number, unknown>;
  sendSocketRequest(request: unknown): void;
  destroy(): void;
};

const quiet = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

describe("kafkajs's request queue looks at its pending requests only when some are pending", () => {
  let queue: InstanceType<typeof RequestQueue>;
  const sent: unknown[] = [];

  beforeAll(() => scheduleCheckOnlyWhenPending());
  beforeEach(() => {
    jest.useFakeTimers({ now: 1_000_000 });
    sent.length = 0;
    queue = new RequestQueue({
      maxInFlightRequests: null,
      clientId: 'test',
      broker: 'b:9092',
      logger: quiet,
    });
    queue.sendSocketRequest = (request) => sent.push(request);
  });
  afterEach(() => {
    queue.destroy();
    jest.useRealTimers();
  });

  it('schedules nothing when nothing is pending (kafkajs scheduled a look every millisecond)', () => {
    queue.checkPendingRequests();
    expect(queue.throttleCheckTimeoutId).toBeNull();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('looks again after 10 ms while a request waits on the in-flight limit', () => {
    queue.maxInFlightRequests = 1;
    queue.inflight.set(1, {});
    queue.pending.push('waiting');
    queue.checkPendingRequests();
    expect(sent).toEqual([]);
    expect(jest.getTimerCount()).toBe(1);
    queue.inflight.clear();
    jest.advanceTimersByTime(9);
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(sent).toEqual(['waiting']);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('sends a request queued under a throttle when the throttle ends, and not before', () => {
    queue.throttledUntil = Date.now() + 250;
    queue.pending.push('throttled');
    queue.scheduleCheckPendingRequests();
    jest.advanceTimersByTime(249);
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(sent).toEqual(['throttled']);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('keeps one look scheduled at a time', () => {
    queue.throttledUntil = Date.now() + 100;
    queue.pending.push('a', 'b');
    queue.scheduleCheckPendingRequests();
    queue.scheduleCheckPendingRequests();
    expect(jest.getTimerCount()).toBe(1);
  });
});
