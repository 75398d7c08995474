import { flightBody } from '@pft/testing';
import { daysAgo, recentC172Flights } from './experience-flights';
import { type Pilot } from './logbook-pipeline';
import { bearer } from './partner-api.expectations';
import { partnerPipelineSuite } from './partner-pipeline';

/** Flights with the fields of richer records, over the last year: current in some rules, not in others. */
export const richerFlights = (): Record<string, unknown>[] => [
  flightBody({
    date: daysAgo(300),
    aircraft: { category: 'airplane', rating_key: 'mep_land', type_designator: 'PA34', engine: 'piston' },
    minutes: { total_flight_time: 120, pic: 120, multi_engine: 120 },
    landings: { day: 2, night: 0, day_full_stop: 2 },
  }),
  ...recentC172Flights(),
];

/**
 * The pipeline and two partner API replicas of a describe block reading pilot experience, with a partner
 * holding the pilot-totals and pilot-experience scopes, and the calls its tests make.
 */
export function pilotExperienceSuite() {
  const suite = partnerPipelineSuite(2, { scopes: ['pilot-totals', 'pilot-experience'] });

  const api = (replica = 0) => suite.replicas[replica]!.http();
  const link = async (pilot: Pilot, shareExperience: boolean, key = suite.partner.key): Promise<string> => {
    const code = await pilot.send('post', '/pilot/v1/linking-codes', { share_experience: shareExperience });
    expect(code.status).toBe(201);
    const res = await api()
      .post('/v1/link')
      .set(bearer(key))
      .send({ linking_token: (code.body as { data: { linking_token: string } }).data.linking_token });
    expect(res.status).toBe(200);
    return (res.body as { data: { pilot_id: string } }).data.pilot_id;
  };
  /** A pilot who logged `flights`, linked sharing (or not) their experience. */
  const pilotWith = async (flights: Record<string, unknown>[], share = true) => {
    const pilot = suite.pipeline.pilot();
    for (const body of flights)
      expect((await pilot.send('post', '/pilot/v1/flights', body)).status).toBe(201);
    return { pilot, pilotId: await link(pilot, share), flights };
  };
  const read = (pilotId: string, query = '', key = suite.partner.key, replica = 0) =>
    api(replica).get(`/v1/pilot-experience?pilot_id=${pilotId}${query}`).set(bearer(key));

  return { suite, api, pilotWith, read };
}
