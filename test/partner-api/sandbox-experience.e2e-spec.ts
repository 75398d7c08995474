import { CURRENCY_RULE_KEYS } from '@pft/totals/domain';
import {
  SANDBOX_CURRENT_FIXTURE,
  SANDBOX_REQUIREMENTS_EXAMPLE,
  sandboxFixture,
  type SandboxFixtureNumber,
} from '@pft/partners/domain';
import { waitFor } from '@pft/testing';
import { oracleExperience } from '@pft/testing/oracle';
import { bearer } from './partner-api.expectations';
import { partnerWithKey, sandboxKeyFor } from './partner-api.factories';
import { type PartnerApiUnderTest } from './partner-api.harness';
import { type PartnerPipeline, startPartnerPipeline } from './partner-pipeline';

/** Sandbox keys read the fixture pilots' experience: sandbox links share it. */
describe('the sandbox: the fixture pilots’ experience', () => {
  let started: PartnerPipeline;
  let api: PartnerApiUnderTest;

  beforeAll(async () => {
    started = await startPartnerPipeline();
    [api] = started.replicas;
  }, 60_000);
  afterAll(async () => {
    await started?.close();
  });

  /** Links the fixture's sandbox pilot with the sandbox key `key`; its pilot_id. */
  const linkFixture = async (key: string, code: string): Promise<string> => {
    const link = await api.http().post('/v1/link').set(bearer(key)).send({ linking_token: code });
    expect(link.status).toBe(200);
    return link.body.data.pilot_id as string;
  };

  it(`the student is current under every rule as of ${SANDBOX_CURRENT_FIXTURE.asOf}, as the oracle says`, async () => {
    const live = await partnerWithKey(api.db);
    const sandbox = await sandboxKeyFor(api.db, live.partnerId, { scopes: ['pilot-experience'] });
    const fixture = sandboxFixture(SANDBOX_CURRENT_FIXTURE.number);
    expect(fixture.code).toBe('PFT-TEST-0000-0000-0001');
    const pilotId = await linkFixture(sandbox.key, fixture.code);
    const { asOf } = SANDBOX_CURRENT_FIXTURE;

    const expected = oracleExperience({ records: fixture.flights, starting: fixture.startingTotals }, asOf);
    const answer = await waitFor(
      async () => {
        const res = await api
          .http()
          .get(`/v1/pilot-experience?pilot_id=${pilotId}&as_of=${asOf}`)
          .set(bearer(sandbox.key));
        expect(res.status).toBe(200);
        const data = res.body.data as Record<string, unknown> & { lifetime: { flight_count: number } };
        return data.lifetime.flight_count === fixture.flights.length ? data : undefined;
      },
      120_000,
      'the fixture’s flights in the projection',
    );
    const { pilot_id: _id, last_updated: _at, ...experience } = answer as Record<string, unknown>;
    expect(experience).toEqual(expected);
    const currency = (answer as unknown as { currency: { rule: string; status: string }[] }).currency;
    expect([...new Set(currency.map((entry) => entry.rule))]).toEqual([...CURRENCY_RULE_KEYS]);
    for (const entry of currency) expect(entry).toMatchObject({ status: 'current' });

    // The batch answers it too; a sandbox read is not recorded in any access history.
    const batch = await api
      .http()
      .get(`/v1/pilot-experience/batch?pilot_ids=${pilotId}&as_of=${asOf}`)
      .set(bearer(sandbox.key));
    expect(batch.body.data.pilots).toEqual([{ ...answer, last_updated: expect.any(String) }]);
  });

  it('answers the documented requirement check: met in full by the student, failed on one requirement by the GA pilot', async () => {
    const live = await partnerWithKey(api.db);
    const sandbox = await sandboxKeyFor(api.db, live.partnerId, {
      scopes: ['pilot-experience', 'pilot-requirements'],
    });
    const { asOf, requirements, meetsAll, failsOne } = SANDBOX_REQUIREMENTS_EXAMPLE;
    /** The fixture's sandbox pilot, once its flights are projected as of the example's date. */
    const projected = async (number: SandboxFixtureNumber): Promise<string> => {
      const fixture = sandboxFixture(number);
      const pilotId = await linkFixture(sandbox.key, fixture.code);
      const counted = fixture.flights.filter((flight) => flight.date <= asOf).length;
      await waitFor(
        async () => {
          const res = await api
            .http()
            .get(`/v1/pilot-experience?pilot_id=${pilotId}&as_of=${asOf}`)
            .set(bearer(sandbox.key));
          return res.body.data?.lifetime?.flight_count === counted ? true : undefined;
        },
        120_000,
        'the fixture’s flights in the projection',
      );
      return pilotId;
    };
    const check = async (pilotId: string) => {
      const res = await api
        .http()
        .post('/v1/pilot-requirements/check')
        .set(bearer(sandbox.key))
        .send({ pilot_id: pilotId, as_of: asOf, requirements });
      expect(res.status).toBe(200);
      return res.body.data as { results: { id: string; met: boolean }[]; all_met: boolean };
    };
    const meeting = await check(await projected(meetsAll));
    expect(meeting).toMatchObject({
      all_met: true,
      results: requirements.map((r) => ({ id: r.id, met: true })),
    });
    const failing = await check(await projected(failsOne.number));
    expect(failing.all_met).toBe(false);
    expect(failing.results.filter((r) => !r.met).map((r) => r.id)).toEqual([failsOne.id]);
  });
});
