import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { consentStreamId } from '@pft/contracts';
import { lockStream } from '@pft/event-store/stream-lock';
import { createPartner } from '@pft/partners';
import { hashLinkingCode } from '@pft/partners/connections/linking-code-hash';
import { letGo, lockWaiters, openTransaction, withTestDataSource } from '@pft/testing';
import { withLinkGround } from './link.test-support';

/** `POST /v1/link` on a real Postgres and Redis: when a code is taken to be redeemed. */
describe('LinkPilotHandler (Postgres): a code that expires while its redemption waits for the pilot’s lock', () => {
  let ds: DataSource;
  withTestDataSource(4, (made) => (ds = made));
  const ground = withLinkGround(() => ds);

  it('is refused INVALID_TOKEN: the code is compared with the time of the redemption, not of its transaction’s start', async () => {
    const { partnerId } = await createPartner(ds, 'Expiry Air');
    const pilot = randomUUID();
    const code = await ground.issuedCode(pilot);
    // Another change of the pilot's consent (a redemption, a disconnect) holds the stream's lock.
    const holder = await openTransaction(ds);
    try {
      await lockStream(holder, consentStreamId(pilot));
      const redeeming = ground.link(partnerId, code).then(
        () => 'linked',
        (err: { code?: string }) => err.code,
      );
      await lockWaiters(ds, 1, 'the redemption to wait for the pilot’s lock');
      // The code's ten minutes end while the redemption waits.
      await ds.query('update linking_codes set expires_at = clock_timestamp() where code_hash = $1', [
        hashLinkingCode(code),
      ]);
      await holder.commitTransaction();

      expect(await redeeming).toBe('INVALID_TOKEN');
    } finally {
      await letGo(holder);
    }
    const [row] = await ds.query<{ n: number }[]>(
      'select count(*)::int as n from connections where pilot_account_id = $1',
      [pilot],
    );
    expect(row!.n).toBe(0);
  });
});
