import { waitFor } from '@pft/testing';
import { bearer as partnerAuth } from '../partner-api/partner-api.expectations';
import { partnerWithKey, sandboxKeyFor, type TestPartner } from '../partner-api/partner-api.factories';
import { AccessRecorder } from '../../apps/partner-api/src/access-history/access-recorder';
import { flightBody } from './support/ingestion-harness';
import { ingestionWithPartnerApi, linkPilot } from './support/with-partner-api';

interface History {
  partners: {
    partner: { id: string; name: string };
    events: { type: string; at: string }[];
    reads: { date: string; count: number; last_at: string }[];
  }[];
}

type Pilot = { id: string; token: string };

const today = (): string => new Date().toISOString().slice(0, 10);

/**
 * The pilot app API and a partner API on one database: the partner API reads pilots' totals and records
 * them (written every 200 ms here); the pilot sees them in the access history.
 */
describe('pilot app API: access history of partner reads (e2e)', () => {
  const apps = ingestionWithPartnerApi({ ACCESS_HISTORY_FLUSH_MS: '200' });
  const { h, api } = apps;
  let alpha: TestPartner;
  let bravo: TestPartner;

  beforeAll(async () => {
    alpha = await partnerWithKey(api.db, { name: 'Alpha Scheduling' });
    bravo = await partnerWithKey(api.db, { name: 'Bravo Training' });
  });

  /** A pilot with one flight, linked to each partner given: the pilot_id each holds. */
  async function linkedPilot(...partners: TestPartner[]): Promise<{ pilot: Pilot; pilotIds: string[] }> {
    const pilot = h.pilot();
    await h.as(pilot.token).post('/pilot/v1/flights').send(flightBody()).expect(201);
    const pilotIds: string[] = [];
    for (const partner of partners) pilotIds.push(await linkPilot(apps, pilot.token, partner.key));
    return { pilot, pilotIds };
  }

  const readOne = (partner: TestPartner, pilotId: string) =>
    api.http().get(`/v1/pilot-totals?pilot_id=${pilotId}`).set(partnerAuth(partner.key));
  const readBatch = (partner: TestPartner, pilotIds: string[]) =>
    api
      .http()
      .get(`/v1/pilot-totals/batch?pilot_ids=${pilotIds.join(',')}`)
      .set(partnerAuth(partner.key));
  const history = (pilot: Pilot, query = '') => h.as(pilot.token).get(`/pilot/v1/access-history${query}`);
  const historyOf = async (pilot: Pilot, query = ''): Promise<History> =>
    (await history(pilot, query).expect(200)).body.data as History;
  /** Each partner's reads per day, by partner name. */
  const counts = (found: History): Record<string, Record<string, number>> =>
    Object.fromEntries(
      found.partners.map((p) => [p.partner.name, Object.fromEntries(p.reads.map((r) => [r.date, r.count]))]),
    );

  it('counts single and batch reads per partner and day; links and disconnects appear', async () => {
    const {
      pilot: a,
      pilotIds: [aAtAlpha, aAtBravo],
    } = await linkedPilot(alpha, bravo);
    const {
      pilot: b,
      pilotIds: [bAtAlpha],
    } = await linkedPilot(alpha);
    const before = Date.now();
    for (let i = 0; i < 3; i++) await readOne(alpha, aAtAlpha!).expect(200);
    await readBatch(alpha, [aAtAlpha!, bAtAlpha!]).expect(200);
    // Asked twice in one batch: answered, and counted, once.
    await readBatch(alpha, [aAtAlpha!, aAtAlpha!.toUpperCase(), bAtAlpha!]).expect(200);
    await readOne(bravo, aAtBravo!).expect(200);
    // Bravo asking for Alpha's pilot_id reads nothing of the pilot: not counted.
    await readOne(bravo, aAtAlpha!).expect(404);

    const expected = { 'Alpha Scheduling': { [today()]: 5 }, 'Bravo Training': { [today()]: 1 } };
    const seen = await waitFor(
      async () => {
        const found = await historyOf(a);
        return JSON.stringify(counts(found)) === JSON.stringify(expected) ? found : undefined;
      },
      10_000,
      "pilot A's reads in the history",
    );
    expect(seen.partners.map((p) => p.partner)).toEqual([
      { id: alpha.partnerId, name: 'Alpha Scheduling' },
      { id: bravo.partnerId, name: 'Bravo Training' },
    ]);
    const lastAt = Date.parse(seen.partners[0]!.reads[0]!.last_at);
    expect(lastAt).toBeGreaterThanOrEqual(before - 1000);
    expect(lastAt).toBeLessThanOrEqual(Date.now());
    expect(seen.partners[0]!.events.map((e) => e.type)).toEqual(['linked']);

    // Another pilot sees its own reads and link only, never pilot A's partners or counts.
    const ofB = await historyOf(b);
    expect(counts(ofB)).toEqual({ 'Alpha Scheduling': { [today()]: 2 } });
    expect(ofB.partners[0]!.events).toHaveLength(1);

    // The pilot disconnects Alpha: the disconnect shows, and later reads are refused and not counted.
    await h.as(a.token).delete(`/pilot/v1/connections/${aAtAlpha}`).expect(204);
    await readOne(alpha, aAtAlpha!).expect(404);
    await readOne(bravo, aAtBravo!).expect(200);
    const after = await waitFor(
      async () => {
        const found = await historyOf(a);
        return counts(found)['Bravo Training']?.[today()] === 2 ? found : undefined;
      },
      10_000,
      "Bravo's second read",
    );
    const alphaEntry = after.partners.find((p) => p.partner.id === alpha.partnerId)!;
    expect(alphaEntry.events.map((e) => e.type)).toEqual(['disconnected', 'linked']);
    expect(alphaEntry.reads).toEqual([expect.objectContaining({ date: today(), count: 5 })]);
  });

  it('covers the last `days` UTC days (default 90, 1 to 365); anything else is 400 INVALID_REQUEST', async () => {
    const { pilot, pilotIds } = await linkedPilot(alpha);
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    for (const n of [1, 10, 89, 90, 100, 364, 365])
      await api.db.query(
        `insert into partner_reads (pilot_account_id, partner_id, day, reads, last_at)
         values ($1, $2, $3::date, $4, $3::date + interval '12 hours')`,
        [pilot.id, alpha.partnerId, daysAgo(n), n],
      );
    await readOne(alpha, pilotIds[0]!).expect(200);
    await waitFor(
      async () =>
        counts(await historyOf(pilot, '?days=1'))['Alpha Scheduling']?.[today()] ? true : undefined,
      10_000,
      "today's read",
    );
    const daysShown = async (query: string) =>
      Object.keys(counts(await historyOf(pilot, query))['Alpha Scheduling'] ?? {});
    expect(await daysShown('')).toEqual([today(), daysAgo(1), daysAgo(10), daysAgo(89)]);
    expect(await daysShown('?days=90')).toEqual(await daysShown(''));
    expect(await daysShown('?days=1')).toEqual([today()]);
    expect(await daysShown('?days=365')).toEqual([today(), ...[1, 10, 89, 90, 100, 364].map(daysAgo)]);
    // A link older than the period still lists the partner (still connected), without the event.
    await api.db.query(
      `update connections set linked_at = now() - interval '200 days' where connection_id = $1`,
      [pilotIds[0]],
    );
    const old = await historyOf(pilot, '?days=1');
    expect(old.partners.map((p) => [p.partner.name, p.events.length])).toEqual([['Alpha Scheduling', 0]]);

    for (const query of [
      '?days=0',
      '?days=366',
      '?days=abc',
      '?days=1.5',
      '?days=-1',
      '?days=',
      '?days=1&days=2',
    ]) {
      const res = await history(pilot, query);
      expect({
        query,
        status: res.status,
        code: res.body.error?.code,
        field: res.body.error?.details?.[0]?.field,
      }).toEqual({
        query,
        status: 400,
        code: 'INVALID_REQUEST',
        field: 'days',
      });
    }
    await h.http().get('/pilot/v1/access-history').expect(401);
  });

  it("does not record a sandbox key's reads: its pilots are fixtures", async () => {
    const sandbox = await sandboxKeyFor(api.db, alpha.partnerId);
    const linked = await api
      .http()
      .post('/v1/link')
      .set(partnerAuth(sandbox.key))
      .send({ linking_token: 'PFT-TEST-0000-0000-0001' })
      .expect(200);
    const pilotId: string = linked.body.data.pilot_id;
    for (let i = 0; i < 3; i++) await readOne(sandbox, pilotId).expect(200);
    await readBatch(sandbox, [pilotId]).expect(200);
    await api.app.get(AccessRecorder).flush();
    const [row] = await api.db.query<{ n: number }[]>(
      `select count(*)::int as n from partner_reads r join connections c
          on c.pilot_account_id = r.pilot_account_id and c.partner_id = r.partner_id
        where c.connection_id = $1`,
      [pilotId],
    );
    expect(row!.n).toBe(0);
  });
});
