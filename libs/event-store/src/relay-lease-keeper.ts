import { type Client } from 'pg';
import { type RelayLogger } from './outbox-relay.options';
import { judgeRenewal, leaseValidAt, renewalDueIn, type HeldLease } from './relay-lease';
import { OUTBOX_RELAY_LEASE, releaseLease, takeOrRenewLease } from './relay-lease.statements';

/**
 * The outbox relay's hold on its lease: takes and renews it (relay-lease.statements.ts), judges each
 * answer on this process's own clock (relay-lease.ts), stands down when it moved on, and logs each
 * change. Each holding has its own fencing token.
 */
export class RelayLeaseKeeper {
  private lease?: HeldLease;

  constructor(
    private readonly holder: string,
    private readonly leaseMs: number,
    private readonly logger: RelayLogger,
  ) {}

  /** The token held now, if any. */
  get token(): string | undefined {
    return this.lease?.token;
  }

  /** How long until the lease is due for renewal (undefined: none held). */
  dueIn(now = performance.now()): number | undefined {
    return this.lease ? renewalDueIn(this.lease, now, this.leaseMs) : undefined;
  }

  /** Whether the lease still excludes every other relay now, on this process's clock. */
  validNow(): boolean {
    return leaseValidAt(this.lease, performance.now(), this.leaseMs);
  }

  /** Takes the lease, or renews the one held; true when this relay holds it (and may send) now. */
  async renew(client: Client): Promise<boolean> {
    const held = this.lease;
    const startedAt = performance.now();
    let token: string | null;
    try {
      token = await takeOrRenewLease(client, {
        name: OUTBOX_RELAY_LEASE,
        holder: this.holder,
        leaseMs: this.leaseMs,
        token: held?.token ?? null,
      });
    } catch (err) {
      if (held) this.logger.warn(`relay: renewing the lease (token ${held.token}) failed: ${String(err)}`);
      throw err;
    }
    const change = judgeRenewal(held, token, startedAt, performance.now(), this.leaseMs);
    this.lease = change.lease;
    switch (change.kind) {
      case 'acquired':
        this.logger.log(`relay: active with lease token ${change.lease.token}, publishing the outbox`);
        break;
      case 'lost':
        this.logger.warn(`relay: lease token ${change.token} lost to another relay; standing down`);
        break;
      case 'expired':
        this.logger.warn(
          `relay: lease token ${change.token} confirmed ${Math.round(change.elapsedMs)} ms after asking, past its ${this.leaseMs} ms; standing down`,
        );
        break;
      case 'renewed':
      case 'standby':
        break;
    }
    return this.lease !== undefined;
  }

  standDown(reason: string): void {
    if (this.lease) this.logger.warn(`relay: lease token ${this.lease.token} ${reason}; standing down`);
    this.lease = undefined;
  }

  /** Lets a standby take over at its next try instead of after the lease runs out. */
  async release(client: Client | undefined): Promise<void> {
    const lease = this.lease;
    this.lease = undefined;
    if (!lease || !client) return;
    await releaseLease(client, OUTBOX_RELAY_LEASE, lease.token).catch((err: unknown) =>
      this.logger.warn(`relay: could not release lease token ${lease.token}: ${String(err)}`),
    );
  }
}
