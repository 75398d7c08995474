import { OUTBOX_CHANNEL } from './event-store';
import { RelayWake } from './relay-wake';

describe('RelayWake', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** A database that answers each statement at once, keeping what it was sent. */
  function database(fail = false) {
    const sent: string[] = [];
    const query = (text: string): Promise<unknown> => {
      sent.push(text);
      return fail ? Promise.reject(new Error('connection refused')) : Promise.resolve([]);
    };
    return { db: { query }, sent };
  }

  const logger = () => ({ warn: jest.fn() });
  const relay = (isLeader: boolean) => ({ isLeader, wake: jest.fn() });

  it('wakes the relay of this process while it is the active one, and sends no NOTIFY', () => {
    const { db, sent } = database();
    const wake = new RelayWake(db, logger());
    const active = relay(true);
    wake.attach(active);
    wake.afterCommit();
    wake.afterCommit();
    expect(active.wake).toHaveBeenCalledTimes(2);
    expect(sent).toEqual([]);
  });

  it('NOTIFYs the relays of other processes when this one is a standby', () => {
    const { db, sent } = database();
    const wake = new RelayWake(db, logger());
    const standby = relay(false);
    wake.attach(standby);
    wake.afterCommit();
    expect(standby.wake).not.toHaveBeenCalled();
    expect(sent).toEqual([`select pg_notify('${OUTBOX_CHANNEL}', '')`]);
  });

  it('NOTIFYs at most once each 10 ms without a relay of its own, the commits meanwhile in one more', async () => {
    const { db, sent } = database();
    const wake = new RelayWake(db, logger());
    wake.afterCommit();
    await jest.advanceTimersByTimeAsync(2);
    wake.afterCommit();
    wake.afterCommit();
    expect(sent).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(8);
    expect(sent).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(50);
    expect(sent).toHaveLength(2);
  });

  it('reports a NOTIFY that failed and sends the next one', async () => {
    const { db, sent } = database(true);
    const log = logger();
    const wake = new RelayWake(db, log);
    wake.afterCommit();
    await jest.advanceTimersByTimeAsync(10);
    wake.afterCommit();
    expect(sent).toHaveLength(2);
    expect(log.warn).toHaveBeenCalledWith('could not notify the relay: Error: connection refused');
  });
});
