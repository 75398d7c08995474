import { randomUUID } from 'node:crypto';
import { type TcpProxy, waitFor } from '@pft/testing';
import { bearer, expectError } from './partner-api.expectations';
import { linkingCode, partnerWithKey, type TestPartner } from './partner-api.factories';
import {
  type PartnerApiUnderTest,
  type ProxiedPartnerApi,
  startPartnerApiBehindProxy,
} from './partner-api.harness';

/**
 * `POST /v1/link` whose COMMIT's answer is lost: the partner API reaches Postgres through a proxy that
 * lets the COMMIT through (or not) and then nothing more, for longer than the app looks for the
 * outcome, so that it answers 503 WRITE_OUTCOME_UNKNOWN. A retry with the same Idempotency-Key must
 * then learn what became of the first attempt.
 */
describe('POST /v1/link: a lost answer is recovered by a retry with the same Idempotency-Key', () => {
  let behindProxy: ProxiedPartnerApi;
  let proxy: TcpProxy;
  let api: PartnerApiUnderTest;
  let partner: TestPartner;

  beforeAll(async () => {
    behindProxy = await startPartnerApiBehindProxy({ WRITE_OUTCOME_TIMEOUT_MS: '1500' });
    ({ api, proxy } = behindProxy);
    partner = await partnerWithKey(api.db);
  });
  afterAll(() => behindProxy.close());

  const link = (code: string, key: string) =>
    api
      .http()
      .post('/v1/link')
      .set(bearer(partner.key))
      .set('Idempotency-Key', key)
      .send({ linking_token: code });

  /** The retry as a client makes it: again while the first attempt is said to be in progress. */
  const retry = (code: string, key: string) =>
    waitFor(
      async () => {
        const res = await link(code, key);
        return res.status === 409 && res.body.error.details?.[0]?.issue === 'in_progress' ? undefined : res;
      },
      20_000,
      'the key to be answered, not in progress',
    );

  /** The pilot's active connections to the partner, read beside the app (not through the proxy). */
  const connectionsOf = async (pilotAccountId: string): Promise<string[]> => {
    const rows: { id: string }[] = await api.db.query(
      `select connection_id::text as id from connections
        where partner_id = $1 and pilot_account_id = $2 and disconnected_at is null`,
      [partner.partnerId, pilotAccountId],
    );
    return rows.map((row) => row.id);
  };

  /** How many of the pilot's linking codes are used up. */
  const usedCodes = async (pilotAccountId: string): Promise<number> => {
    const rows = await api.db.query(
      'select count(*)::int as n from linking_codes where pilot_account_id = $1 and used_at is not null',
      [pilotAccountId],
    );
    return rows[0].n as number;
  };

  /**
   * Sends the link with its COMMIT let through (`deliver`) or dropped, nothing answered after it, and
   * the database given back once the app has answered.
   */
  async function linkWithLostCommit(code: string, key: string, deliver: boolean, pilotAccountId: string) {
    const lost = proxy.blackholeAfter('COMMIT', { deliver });
    const first = link(code, key).then((res) => res);
    await lost;
    if (deliver) {
      await waitFor(
        async () => ((await usedCodes(pilotAccountId)) === 1 ? true : undefined),
        10_000,
        'the commit',
      );
    }
    const res = await first;
    await proxy.restore();
    return res;
  }

  it('answers the same pilot_id when the first attempt was recorded', async () => {
    const { code, pilotAccountId } = await linkingCode(api.db);
    const key = randomUUID();
    const first = await linkWithLostCommit(code, key, true, pilotAccountId);
    expectError(first, 503, 'WRITE_OUTCOME_UNKNOWN');
    const [pilotId] = await connectionsOf(pilotAccountId);
    expect(pilotId).toBeDefined();

    const again = await retry(code, key);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ pilot_id: pilotId });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await connectionsOf(pilotAccountId)).toEqual([pilotId]);
  }, 60_000);

  it('links afresh when the first attempt was not recorded', async () => {
    const { code, pilotAccountId } = await linkingCode(api.db);
    const key = randomUUID();
    const first = await linkWithLostCommit(code, key, false, pilotAccountId);
    expectError(first, 503, 'WRITE_OUTCOME_UNKNOWN');
    expect(await connectionsOf(pilotAccountId)).toEqual([]);
    expect(await usedCodes(pilotAccountId)).toBe(0);

    const again = await retry(code, key);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await connectionsOf(pilotAccountId)).toEqual([again.body.data.pilot_id]);
    // Its answer is kept like any other.
    const replayed = await link(code, key);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body.data).toEqual(again.body.data);
  }, 60_000);

  it('answers the same pilot_id when a pilot already linked used a new code and the database came back at once', async () => {
    const pilotAccountId = randomUUID();
    const earlier = await linkingCode(api.db, pilotAccountId);
    const linked = await link(earlier.code, randomUUID());
    expect(linked.status).toBe(200);
    const { code } = await linkingCode(api.db, pilotAccountId);
    const key = randomUUID();

    // Nothing is appended for a pilot already linked: with the database back at once, the app can end
    // the lost session but has nothing to look for, and cannot tell whether the code was used.
    const lost = proxy.blackholeAfter('COMMIT', { deliver: true });
    const first = link(code, key).then((res) => res);
    await lost;
    await waitFor(
      async () => ((await usedCodes(pilotAccountId)) === 2 ? true : undefined),
      10_000,
      'the commit',
    );
    await proxy.restore();
    expectError(await first, 503, 'WRITE_OUTCOME_UNKNOWN');

    const again = await retry(code, key);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(linked.body.data);
    expect(again.headers['idempotent-replayed']).toBe('true');
  }, 60_000);
});
