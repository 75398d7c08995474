import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OUTBOX_CHANNEL } from '@pft/event-store';
import { OutboxRelayService } from './outbox-relay.service';
import { SpacedSignal } from './spaced-signal';

/**
 * NOTIFYs go out this far apart at most. The relay gathers commits for RELAY_LINGER_MS (20 ms by
 * default) once woken, so more would only wake it while it lingers or reads.
 */
const NOTIFY_SPACING_MS = 10;

/**
 * Wakes the relay after a command committed its events. The writers here do not NOTIFY inside their
 * transactions: Postgres serializes the commits of all notifying transactions of a database, which
 * halves the write rate. Instead, the relay of this process is woken directly when it is the active
 * one; otherwise one NOTIFY goes out on its own, at most one each NOTIFY_SPACING_MS (the commits
 * meanwhile fold into one more after it), so the active relay of another replica wakes within
 * milliseconds, and a steady stream of commits costs Postgres one NOTIFY each 10 ms, not one per commit.
 */
@Injectable()
export class RelayWake {
  private readonly logger = new Logger('relay');
  private readonly notify: SpacedSignal;

  constructor(
    private readonly relay: OutboxRelayService,
    dataSource: DataSource,
  ) {
    this.notify = new SpacedSignal(
      () =>
        dataSource
          .query(`select pg_notify('${OUTBOX_CHANNEL}', '')`)
          .then(() => undefined)
          .catch((err: unknown) => this.logger.warn(`could not notify the relay: ${String(err)}`)),
      NOTIFY_SPACING_MS,
    );
  }

  afterCommit(): void {
    if (this.relay.wakeIfActive()) return;
    this.notify.request();
  }
}
