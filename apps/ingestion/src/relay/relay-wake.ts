import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OUTBOX_CHANNEL } from '@pft/event-store';
import { OutboxRelayService } from './outbox-relay.service';

/**
 * Wakes the relay after a command committed its events. The writers here do not NOTIFY inside their
 * transactions: Postgres serializes the commits of all notifying transactions of a database, which
 * halves the write rate. Instead, the relay of this process is woken directly when it is the active
 * one; otherwise one NOTIFY at a time goes out on its own (repeats while one is in flight fold into
 * one more), so the active relay of another replica wakes within milliseconds.
 */
@Injectable()
export class RelayWake {
  private readonly logger = new Logger('relay');
  private inFlight = false;
  private again = false;

  constructor(
    private readonly relay: OutboxRelayService,
    private readonly dataSource: DataSource,
  ) {}

  afterCommit(): void {
    if (this.relay.wakeIfActive()) return;
    if (this.inFlight) {
      this.again = true;
      return;
    }
    this.inFlight = true;
    this.dataSource
      .query(`select pg_notify('${OUTBOX_CHANNEL}', '')`)
      .catch((err: unknown) => this.logger.warn(`could not notify the relay: ${String(err)}`))
      .finally(() => {
        this.inFlight = false;
        if (this.again) {
          this.again = false;
          this.afterCommit();
        }
      });
  }
}
