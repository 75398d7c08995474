import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { createPartner } from '@pft/partners';
import { PartnerRefused } from '@pft/partners/domain';
import { withTestDataSource } from '@pft/testing';
import { withLinkGround } from './link.test-support';

/** `POST /v1/link` on a real Postgres and Redis, for a pilot who has asked for the account's erasure. */
describe('LinkPilotHandler (Postgres): a code of a pilot whose erasure is asked for', () => {
  let ds: DataSource;
  withTestDataSource(2, (made) => (ds = made));
  const ground = withLinkGround(() => ds);

  const connectionsOf = async (pilot: string): Promise<number> => {
    const [row] = await ds.query<{ n: number }[]>(
      'select count(*)::int as n from connections where pilot_account_id = $1',
      [pilot],
    );
    return row!.n;
  };

  it('is refused INVALID_TOKEN as any code that no longer links, and nothing links', async () => {
    const { partnerId } = await createPartner(ds, 'Erasure Air');
    const pilot = randomUUID();
    const code = await ground.issuedCode(pilot);
    // DELETE /pilot/v1/account has committed; its worker has not deleted the codes yet.
    await ds.query('insert into account_erasures (pilot_account_id) values ($1)', [pilot]);

    const refused = await ground.link(partnerId, code).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(PartnerRefused);
    expect((refused as PartnerRefused).code).toBe('INVALID_TOKEN');
    expect(await connectionsOf(pilot)).toBe(0);
  });

  it('links as before once that erasure has completed, for a code the account started again was given', async () => {
    const { partnerId } = await createPartner(ds, 'Erasure Air');
    const pilot = randomUUID();
    await ds.query('insert into account_erasures (pilot_account_id, completed_at) values ($1, now())', [
      pilot,
    ]);
    const code = await ground.issuedCode(pilot);

    const pilotId = await ground.link(partnerId, code);
    expect(pilotId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await connectionsOf(pilot)).toBe(1);
  });
});
