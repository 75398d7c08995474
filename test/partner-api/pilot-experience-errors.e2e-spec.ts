import { randomUUID } from 'node:crypto';
import { daysAgo } from './experience-flights';
import { bearer, expectError } from './partner-api.expectations';
import { partnerWithKey } from './partner-api.factories';
import { pilotExperienceSuite, richerFlights } from './pilot-experience.suite';

/**
 * The refusals of GET /v1/pilot-experience, its batch and GET /v1/currency-rules, in the order they are
 * checked, on two replicas of the partner API.
 */
describe('partner API: pilot experience', () => {
  const { suite, api, pilotWith, read } = pilotExperienceSuite();

  describe('errors, in the order of checks', () => {
    it('403 INSUFFICIENT_SCOPE for a key without pilot-experience, whatever the input', async () => {
      const totalsOnly = await partnerWithKey(suite.replicas[0].db);
      expectError(await read('not-a-uuid', '&as_of=nope', totalsOnly.key), 403, 'INSUFFICIENT_SCOPE');
      expectError(
        await api().get('/v1/pilot-experience/batch?pilot_ids=x').set(bearer(totalsOnly.key)),
        403,
        'INSUFFICIENT_SCOPE',
      );
      expectError(
        await api().get('/v1/currency-rules').set(bearer(totalsOnly.key)),
        403,
        'INSUFFICIENT_SCOPE',
      );
    });

    it.each([
      ['not a date', 'yesterday'],
      ['not a calendar date', '2026-02-30'],
      ['before 1903-12-17', '1903-12-16'],
      ['after tomorrow', daysAgo(-2)],
      ['given twice', `${daysAgo(1)}&as_of=${daysAgo(2)}`],
    ])('400 INVALID_REQUEST for as_of %s, before the lookup', async (_what, asOf) => {
      const res = await read(randomUUID(), `&as_of=${asOf}`);
      expectError(res, 400, 'INVALID_REQUEST');
      expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'as_of' })]);
      expectError(
        await api()
          .get(`/v1/pilot-experience/batch?pilot_ids=${randomUUID()}&as_of=${asOf}`)
          .set(bearer(suite.partner.key)),
        400,
        'INVALID_REQUEST',
      );
    });

    it('accepts as_of from 1903-12-17 to tomorrow', async () => {
      const { pilotId } = await pilotWith([]);
      for (const asOf of ['1903-12-17', daysAgo(-1)]) {
        const res = await read(pilotId, `&as_of=${asOf}`);
        expect(res.status).toBe(200);
        expect(res.body.data.as_of).toBe(asOf);
      }
    });

    it('400 INVALID_REQUEST for a pilot_id that is not a UUID', async () => {
      const res = await read('not-a-uuid');
      expectError(res, 400, 'INVALID_REQUEST');
      expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'pilot_id' })]);
    });

    it('404 PILOT_NOT_FOUND for a pilot never linked, another partner’s or disconnected', async () => {
      expectError(await read(randomUUID()), 404, 'PILOT_NOT_FOUND');
      const other = await partnerWithKey(suite.replicas[0].db, { scopes: ['pilot-experience'] });
      const { pilotId } = await pilotWith([]);
      expectError(await read(pilotId, '', other.key), 404, 'PILOT_NOT_FOUND');
      const { pilot, pilotId: gone } = await pilotWith([]);
      expect((await pilot.send('delete', `/pilot/v1/connections/${gone}`)).status).toBe(204);
      for (const replica of [0, 1])
        expectError(await read(gone, '', suite.partner.key, replica), 404, 'PILOT_NOT_FOUND');
    });

    it('403 EXPERIENCE_NOT_SHARED for a linked pilot who does not share it (the totals still read)', async () => {
      const { pilotId } = await pilotWith(richerFlights(), false);
      const res = await read(pilotId);
      expectError(res, 403, 'EXPERIENCE_NOT_SHARED');
      expect(res.body.error.message).toBe('The pilot does not share their experience with you');
      expect(
        (await api().get(`/v1/pilot-totals?pilot_id=${pilotId}`).set(bearer(suite.partner.key))).status,
      ).toBe(200);
    });
  });
});
