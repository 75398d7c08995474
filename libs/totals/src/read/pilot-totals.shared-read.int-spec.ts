import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { createPartner } from '@pft/partners';
import { withTestDataSource } from '@pft/testing';
import { type KeptAnswer, PilotTotalsDatabase, type StoredAnswer } from './pilot-totals.database';
import { PilotTotalsReadModel } from './pilot-totals.read-model';
import { TotalsReadCache } from './totals-read-cache';

const LIFETIME_MS = 1000;

/**
 * The database access, on the real Postgres, whose next read has its rows and then waits to hand them
 * over until the test lets it go: an answer read before a change and delivered after it, as a slow
 * network or a busy event loop delivers it.
 */
class HeldDatabase extends PilotTotalsDatabase {
  private holding: { read: () => void; release: Promise<void> } | undefined;

  /** Holds the next read: `read` settles once it has its rows, `release` hands them over. */
  holdNext(): { read: Promise<void>; release: () => void } {
    let read!: () => void;
    let release!: () => void;
    const hasRead = new Promise<void>((resolve) => (read = resolve));
    this.holding = { read, release: new Promise<void>((resolve) => (release = resolve)) };
    return { read: hasRead, release };
  }

  override async answers(
    partnerId: string,
    pilotIds: readonly string[],
    kept: ReadonlyMap<string, KeptAnswer>,
  ): Promise<StoredAnswer[]> {
    const holding = this.holding;
    this.holding = undefined;
    const answered = await super.answers(partnerId, pilotIds, kept);
    if (holding) {
      holding.read();
      await holding.release;
    }
    return answered;
  }
}

describe('PilotTotalsReadModel (Postgres): a database read shared by the requests that miss together', () => {
  let ds: DataSource;
  withTestDataSource(2, (made) => (ds = made));

  async function projectedPilot(): Promise<{ partnerId: string; pilotId: string }> {
    const { partnerId } = await createPartner(ds, 'Shared Read Air');
    const pilotId = randomUUID();
    const account = randomUUID();
    await ds.query(
      `insert into connections (connection_id, partner_id, pilot_account_id, linked_at) values ($1, $2, $3, now())`,
      [pilotId, partnerId, account],
    );
    await ds.query(
      `insert into pilot_totals_v1 (pilot_account_id, stream_version, kafka_partition, flight_count, updated_at)
       values ($1, 4, 0, 2, now())`,
      [account],
    );
    return { partnerId, pilotId };
  }

  it('is not joined once it is older than an answer may be: a disconnect the replicas were not told of answers 404 once its wait is out', async () => {
    const { partnerId, pilotId } = await projectedPilot();
    const database = new HeldDatabase(ds);
    const totals = new PilotTotalsReadModel(
      new TotalsReadCache({ PARTNER_TOTALS_CACHE_MS: LIFETIME_MS }),
      database,
    );
    const held = database.holdNext();
    const started = Date.now();
    const before = totals.pilot(partnerId, pilotId, 'revision-1', started);
    await held.read;

    // The pilot disconnects; Redis could not be told, so the revision stands still and the pilot app
    // answers once every answer a replica may hold has reached the end of its lifetime.
    await ds.query('update connections set disconnected_at = now() where connection_id = $1', [pilotId]);
    const answeredAt = Date.now() + LIFETIME_MS;
    const after = totals.pilot(partnerId, pilotId, 'revision-1', answeredAt);
    held.release();

    // The read under way began before the disconnect: its own request may be answered with it.
    expect((await before)?.pilot_id).toBe(pilotId);
    expect(await after).toBeUndefined();
  });

  it('is joined by a request within an answer’s lifetime of its start', async () => {
    const { partnerId, pilotId } = await projectedPilot();
    const database = new HeldDatabase(ds);
    const answers = jest.spyOn(database, 'read');
    const totals = new PilotTotalsReadModel(
      new TotalsReadCache({ PARTNER_TOTALS_CACHE_MS: LIFETIME_MS }),
      database,
    );
    const held = database.holdNext();
    const started = Date.now();
    const first = totals.pilot(partnerId, pilotId, 'revision-1', started);
    await held.read;
    const second = totals.pilot(partnerId, pilotId, 'revision-1', started + LIFETIME_MS - 1);
    held.release();

    expect((await first)?.pilot_id).toBe(pilotId);
    expect(await second).toBe(await first);
    expect(answers).toHaveBeenCalledTimes(1);
  });
});
