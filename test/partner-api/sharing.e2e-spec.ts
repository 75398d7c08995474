import { randomUUID } from 'node:crypto';
import { experienceSharingOf } from '@pft/partners';
import { sandboxFixture } from '@pft/partners/domain';
import { partnerReadRevisionKey } from '@pft/totals/read/partner-read-revision';
import { type Pilot } from './logbook-pipeline';
import { bearer, expectError, expectMeta } from './partner-api.expectations';
import { sandboxKeyFor } from './partner-api.factories';
import { type PartnerApiUnderTest } from './partner-api.harness';
import { partnerPipelineSuite } from './partner-pipeline';

const TOTALS = ['totals'];
const EXPERIENCE = ['totals', 'experience'];

/** What the pilot shares (pilot experience, section 3), with two partner API replicas on one database and Redis. */
describe('what the pilot shares', () => {
  const suite = partnerPipelineSuite(2);

  const db = () => suite.replicas[0].db;
  const code = async (pilot: Pilot, body?: unknown): Promise<string> => {
    const res = await pilot.send('post', '/pilot/v1/linking-codes', body);
    expect(res.status).toBe(201);
    return res.body.data.linking_token as string;
  };
  const link = async (key: string, linkingToken: string): Promise<string> => {
    const res = await suite.replicas[0]
      .http()
      .post('/v1/link')
      .set(bearer(key))
      .send({ linking_token: linkingToken });
    expect(res.status).toBe(200);
    return res.body.data.pilot_id as string;
  };
  const setSharing = (pilot: Pilot, connectionId: string, body: unknown) =>
    pilot.send('put', `/pilot/v1/connections/${connectionId}/sharing`, body);
  const listed = async (pilot: Pilot): Promise<{ shared: string[] }[]> =>
    (await pilot.send('get', '/pilot/v1/connections')).body.data.connections as { shared: string[] }[];
  /** `shared` of the pilot in GET /v1/pilots on `replica`; undefined when not listed. */
  const sharedOnReplica = async (replica: PartnerApiUnderTest, pilotId: string, key = suite.partner.key) => {
    const res = await replica.http().get('/v1/pilots?limit=200').set(bearer(key));
    expect(res.status).toBe(200);
    return (res.body.data.pilots as { pilot_id: string; shared: string[] }[]).find(
      (p) => p.pilot_id === pilotId,
    )?.shared;
  };
  const sharingEvents = async (pilot: Pilot): Promise<number> => {
    const [row] = await db().query<{ count: number }[]>(
      `select count(*)::int as count from events where stream_id = $1 and type = 'ExperienceSharingChanged'`,
      [`consent-${pilot.id}`],
    );
    return row!.count;
  };

  describe('issuing a linking code', () => {
    it.each([
      ['no body', undefined, TOTALS],
      ['an empty object', {}, TOTALS],
      ['share_experience false', { share_experience: false }, TOTALS],
      ['share_experience true', { share_experience: true }, EXPERIENCE],
    ])(
      'with %s: the link shares what the code said, in both lists, with no event of its own',
      async (_what, body, shared) => {
        const pilot = suite.pipeline.pilot();
        const pilotId = await link(suite.partner.key, await code(pilot, body));
        expect(await listed(pilot)).toEqual([
          {
            connection_id: pilotId,
            partner: { id: suite.partner.partnerId, name: expect.any(String) },
            linked_at: expect.any(String),
            shared,
          },
        ]);
        for (const replica of suite.replicas) expect(await sharedOnReplica(replica, pilotId)).toEqual(shared);
        expect(await sharingEvents(pilot)).toBe(0);
      },
    );

    it.each([
      ['share_experience not a boolean', { share_experience: 'yes' }, 'share_experience'],
      ['an unknown field', { share_experience: true, share_everything: true }, 'share_everything'],
      ['a body that is not an object', [true], '(body)'],
    ])('refuses %s: 400 INVALID_REQUEST, no code issued', async (_what, body, field) => {
      const pilot = suite.pipeline.pilot();
      const res = await pilot.send('post', '/pilot/v1/linking-codes', body);
      expectError(res, 400, 'INVALID_REQUEST');
      expect(res.body.error.details).toEqual([expect.objectContaining({ field })]);
      const [{ count }] = await db().query(
        'select count(*)::int as count from linking_codes where pilot_account_id = $1',
        [pilot.id],
      );
      expect(count).toBe(0);
    });
  });

  describe('PUT /pilot/v1/connections/{connection_id}/sharing', () => {
    it('answers 200 with the connection as listed; a change is one event, an unchanged PUT none', async () => {
      const pilot = suite.pipeline.pilot();
      const pilotId = await link(suite.partner.key, await code(pilot));
      const res = await setSharing(pilot, pilotId, { experience: true });
      expect(res.status).toBe(200);
      expectMeta(res);
      expect([res.body.data]).toEqual(await listed(pilot));
      expect(res.body.data.shared).toEqual(EXPERIENCE);
      expect(await sharingEvents(pilot)).toBe(1);

      const again = await setSharing(pilot, pilotId, { experience: true });
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual(res.body.data);
      expect(await sharingEvents(pilot)).toBe(1);

      // The pilot's export holds it too: the connection's `shared` and the change among the consent events.
      const exported = (await pilot.send('get', '/pilot/v1/export')).body.data as {
        connections: { shared: string[] }[];
        consent_events: { type: string; payload: { share_experience?: boolean } }[];
      };
      expect(exported.connections.map((c) => c.shared)).toEqual([EXPERIENCE]);
      expect(exported.consent_events.map((e) => [e.type, e.payload.share_experience])).toEqual([
        ['LinkingCodeIssued', false],
        ['PilotLinked', false],
        ['ExperienceSharingChanged', true],
      ]);
    });

    it('withdrawn, is refused at once on every replica: the read revision has moved before the answer', async () => {
      const pilot = suite.pipeline.pilot();
      const pilotId = await link(suite.partner.key, await code(pilot, { share_experience: true }));
      for (const replica of suite.replicas)
        expect(await sharedOnReplica(replica, pilotId)).toEqual(EXPERIENCE);
      expect((await experienceSharingOf(db(), suite.partner.partnerId, pilotId)).state).toBe('shared');
      const revisionKey = partnerReadRevisionKey(suite.pipeline.redisPrefix);
      const before = await suite.replicas[0].redis.get(revisionKey);

      const res = await setSharing(pilot, pilotId, { experience: false });
      expect(res.status).toBe(200);
      expect(res.body.data.shared).toEqual(TOTALS);
      expect(await suite.replicas[0].redis.get(revisionKey)).not.toBe(before);
      const [a, b] = await Promise.all(suite.replicas.map((replica) => sharedOnReplica(replica, pilotId)));
      expect([a, b]).toEqual([TOTALS, TOTALS]);
      expect(await experienceSharingOf(db(), suite.partner.partnerId, pilotId)).toEqual({
        state: 'not_shared',
        pilotAccountId: pilot.id,
      });
    });

    it('answers 404 CONNECTION_NOT_FOUND for another pilot’s, an unknown, an ended or a malformed connection', async () => {
      const owner = suite.pipeline.pilot();
      const other = suite.pipeline.pilot();
      const othersId = await link(suite.partner.key, await code(owner));
      const ended = await link(suite.partner.key, await code(other));
      expect((await other.send('delete', `/pilot/v1/connections/${ended}`)).status).toBe(204);
      for (const id of [othersId, randomUUID(), ended, 'not-a-uuid']) {
        expectError(await setSharing(other, id, { experience: true }), 404, 'CONNECTION_NOT_FOUND');
      }
      expect(await sharingEvents(owner)).toBe(0);
      expect((await listed(owner))[0]!.shared).toEqual(TOTALS);
      expect(await experienceSharingOf(db(), suite.partner.partnerId, ended)).toEqual({
        state: 'not_linked',
      });
    });

    it.each([
      ['no experience', {}, 'experience'],
      ['experience not a boolean', { experience: 'true' }, 'experience'],
      ['an unknown field', { experience: true, totals: false }, 'totals'],
      ['a body that is not an object', [true], '(body)'],
    ])('refuses %s: 400 INVALID_REQUEST, nothing changed', async (_what, body, field) => {
      const pilot = suite.pipeline.pilot();
      const pilotId = await link(suite.partner.key, await code(pilot));
      const res = await setSharing(pilot, pilotId, body);
      expectError(res, 400, 'INVALID_REQUEST');
      expect(res.body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
      expect(await sharingEvents(pilot)).toBe(0);
    });
  });

  describe('links', () => {
    it('a re-link with a code that shares otherwise keeps the pilot_id and changes what it shares', async () => {
      const pilot = suite.pipeline.pilot();
      const pilotId = await link(suite.partner.key, await code(pilot));
      expect(await link(suite.partner.key, await code(pilot, { share_experience: true }))).toBe(pilotId);
      for (const replica of suite.replicas)
        expect(await sharedOnReplica(replica, pilotId)).toEqual(EXPERIENCE);
      expect(await sharingEvents(pilot)).toBe(1);
      expect(await link(suite.partner.key, await code(pilot))).toBe(pilotId);
      for (const replica of suite.replicas) expect(await sharedOnReplica(replica, pilotId)).toEqual(TOTALS);
      expect(await sharingEvents(pilot)).toBe(2);
    });

    it('a sandbox link shares the fixture pilot’s experience', async () => {
      const sandbox = await sandboxKeyFor(db(), suite.partner.partnerId);
      const pilotId = await link(sandbox.key, sandboxFixture(1).code);
      for (const replica of suite.replicas)
        expect(await sharedOnReplica(replica, pilotId, sandbox.key)).toEqual(EXPERIENCE);
    });
  });
});
