import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { createPartner } from '@pft/partners';
import { createDataSource } from '@pft/platform';
import { TcpProxy, withTestDataSource } from '@pft/testing';
import { AccessRecorder } from './access-recorder';
import { type PartnerApiConfig } from '../partner-api.config';

/**
 * A write of counts whose answer is lost (the connection cut once the statement or its COMMIT has gone
 * out) may have been recorded or not: the counts are neither lost nor added twice.
 */
describe('AccessRecorder (Postgres): a write whose answer was lost', () => {
  let ds: DataSource;
  withTestDataSource(2, (made) => (ds = made));

  let proxy: TcpProxy;
  let proxied: DataSource;
  let access: AccessRecorder;
  beforeEach(async () => {
    const url = (ds.options as { url: string }).url;
    proxy = await TcpProxy.start(url);
    proxied = await createDataSource(proxy.rewrite(url), 2).initialize();
    access = new AccessRecorder(
      { ACCESS_HISTORY: 'on', ACCESS_HISTORY_FLUSH_MS: 30_000 } as PartnerApiConfig,
      proxied,
    );
  });
  afterEach(async () => {
    await proxy.close();
    await proxied.destroy().catch(() => undefined);
  });

  /** A connection of a new partner: its id, which the partner API answers as pilot_id. */
  async function connection(): Promise<{ partnerId: string; pilotId: string }> {
    const { partnerId } = await createPartner(ds, 'Lost answers');
    const pilotId = randomUUID();
    await ds.query(
      `insert into connections (connection_id, partner_id, pilot_account_id, linked_at)
       values ($1, $2, gen_random_uuid(), now())`,
      [pilotId, partnerId],
    );
    return { partnerId, pilotId };
  }

  const written = async (partnerId: string): Promise<number> => {
    const [row] = await ds.query<{ reads: number }[]>(
      'select coalesce(sum(reads), 0)::int as reads from partner_reads where partner_id = $1',
      [partnerId],
    );
    return row!.reads;
  };

  /** Counts `reads` reads of the pilot and flushes, the connection cut once `marker` has reached Postgres. */
  async function flushCutAfter(pilotId: string, reads: number, marker: string): Promise<void> {
    const answer = { pilot_id: pilotId };
    for (let i = 0; i < reads; i++) access.recordRead(answer);
    const sprung = proxy.blackholeAfter(marker, { deliver: true });
    const flushing = access.flush();
    await sprung;
    await proxy.restore();
    await flushing;
  }

  it('writes the counts once when the statement reached Postgres and its answer was lost', async () => {
    const { partnerId, pilotId } = await connection();
    await flushCutAfter(pilotId, 3, pilotId);
    await access.flush();
    expect(await written(partnerId)).toBe(3);
    await access.flush();
    expect(await written(partnerId)).toBe(3);
  });

  it('does not write them again when the COMMIT reached Postgres and its answer was lost', async () => {
    const { partnerId, pilotId } = await connection();
    await flushCutAfter(pilotId, 4, 'COMMIT');
    expect(await written(partnerId)).toBe(4);
    await access.flush();
    expect(await written(partnerId)).toBe(4);
    await access.beforeApplicationShutdown();
    await access.onApplicationShutdown();
    expect(await written(partnerId)).toBe(4);
  });

  it('keeps them until Postgres can say what became of the write, then writes them once', async () => {
    const { partnerId, pilotId } = await connection();
    const answer = { pilot_id: pilotId };
    for (let i = 0; i < 5; i++) access.recordRead(answer);
    const sprung = proxy.blackholeAfter(pilotId, { deliver: true });
    const flushing = access.flush();
    await sprung;
    // Postgres out of reach: what became of the write cannot be asked.
    await proxy.refuse();
    await flushing;
    await access.flush();
    // A later read, counted meanwhile, is written with the rest.
    access.recordRead(answer);
    await proxy.restore();
    await access.flush();
    expect(await written(partnerId)).toBe(6);
    await access.flush();
    expect(await written(partnerId)).toBe(6);
  });
});
