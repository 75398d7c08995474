import { type Queryable } from '@pft/platform/database/queryable';
import { OUTBOX_CHANNEL } from './event-store';
import { type OutboxRelay } from './outbox-relay';
import { type RelayLogger } from './outbox-relay.options';
import { SpacedSignal } from './spaced-signal';

/**
 * NOTIFYs go out this far apart at most. The relay gathers commits for its linger (20 ms by default)
 * once woken, so more would only wake it while it lingers or reads.
 */
const NOTIFY_SPACING_MS = 10;

/** What the wake uses of the relay running in this process. */
type InProcessRelay = Pick<OutboxRelay, 'isLeader' | 'wake'>;

/**
 * Wakes the relay after a command committed its events (CommandPipelineOptions.relayWake). Writers
 * that have one do not NOTIFY inside their transactions: Postgres serializes the commits of all
 * notifying transactions of a database, which halves the write rate. Instead, the relay of this process
 * (`attach`) is woken directly when it is the active one; otherwise one NOTIFY goes out on its own, at
 * most one each NOTIFY_SPACING_MS (the commits meanwhile fold into one more after it), so the active
 * relay of another process wakes within milliseconds, and a steady stream of commits costs Postgres
 * one NOTIFY each 10 ms, not one per commit.
 */
export class RelayWake {
  private relay?: InProcessRelay;
  private readonly notify: SpacedSignal;

  constructor(db: Queryable, logger: Pick<RelayLogger, 'warn'>) {
    this.notify = new SpacedSignal(
      () =>
        db
          .query(`select pg_notify('${OUTBOX_CHANNEL}', '')`)
          .then(() => undefined)
          .catch((err: unknown) => logger.warn(`could not notify the relay: ${String(err)}`)),
      NOTIFY_SPACING_MS,
    );
  }

  /** The relay this process runs, if any: woken directly while it holds the lease. */
  attach(relay: InProcessRelay): void {
    this.relay = relay;
  }

  afterCommit(): void {
    if (this.relay?.isLeader) {
      this.relay.wake();
      return;
    }
    this.notify.request();
  }
}
