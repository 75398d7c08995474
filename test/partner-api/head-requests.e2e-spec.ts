import { AccessRecorder } from '../../apps/partner-api/src/access-history/access-recorder';
import { bearer, expectError } from './partner-api.expectations';
import { connection } from './partner-api.factories';
import { partnerApiSuite } from './partner-api.harness';

/**
 * The contract's reads are GET alone: HEAD is a method the paths do not take (405 with Allow), never a
 * read served with its body dropped, which the pilot's access history would count though nothing was sent.
 */
describe('HEAD on the partner reads', () => {
  const suite = partnerApiSuite({ partner: { scopes: ['pilot-totals', 'pilot-experience'] } });

  const readsOf = async (pilotId: string): Promise<number> => {
    await suite.api.app.get(AccessRecorder).flush();
    const [{ n }] = await suite.api.db.query(
      `select coalesce(sum(r.reads), 0)::int as n
         from partner_reads r join connections c on c.pilot_account_id = r.pilot_account_id
        where c.connection_id = $1`,
      [pilotId],
    );
    return n as number;
  };

  it.each([
    ['/v1/pilot-totals?pilot_id=:id'],
    ['/v1/pilot-totals/batch?pilot_ids=:id'],
    ['/v1/pilot-experience?pilot_id=:id'],
    ['/v1/pilot-experience/batch?pilot_ids=:id'],
  ])('answers HEAD %s 405 METHOD_NOT_ALLOWED with Allow: GET, and records no read', async (path) => {
    const { pilotId } = await connection(suite.api.db, suite.partner.partnerId);
    const url = path.replace(':id', pilotId);
    const res = await suite.api.http().head(url).set(bearer(suite.partner.key));
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET');
    expect(res.headers['ratelimit-remaining']).toBeDefined();
    // As for any method a path does not take, the key is checked first.
    const noKey = await suite.api.http().head(url);
    expect(noKey.status).toBe(401);
    expect(noKey.headers.allow).toBeUndefined();
    expect(await readsOf(pilotId)).toBe(0);
  });

  it('still counts a GET, and lists GET alone in the Allow of another method', async () => {
    const { pilotId } = await connection(suite.api.db, suite.partner.partnerId);
    const read = await suite.api
      .http()
      .get(`/v1/pilot-totals?pilot_id=${pilotId}`)
      .set(bearer(suite.partner.key));
    expect(read.status).toBe(200);
    expect(await readsOf(pilotId)).toBe(1);
    const other = await suite.api.http().put('/v1/pilot-totals').set(bearer(suite.partner.key));
    expectError(other, 405, 'METHOD_NOT_ALLOWED');
    expect(other.headers.allow).toBe('GET');
  });
});
