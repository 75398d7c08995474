import { bearer, expectError } from '../../../test/partner-api/partner-api.expectations';
import { partnerApiSuite } from '../../../test/partner-api/partner-api.harness';

const AS_OF_PROBLEM = {
  field: 'as_of',
  issue: 'invalid_format',
  message: 'as_of must be a calendar date, YYYY-MM-DD',
};

/** The partner API's reads on Postgres and Redis: every bad query parameter is named, none hides another. */
describe('a read with several bad query parameters', () => {
  const suite = partnerApiSuite({ partner: { scopes: ['pilot-totals', 'pilot-experience'] } });
  const read = (path: string) => suite.api.http().get(path).set(bearer(suite.partner.key));

  it('GET /v1/pilot-experience names a bad pilot_id and a bad as_of', async () => {
    const res = await read('/v1/pilot-experience?pilot_id=nope&as_of=nope');
    expectError(res, 400, 'INVALID_REQUEST');
    expect(res.body.error.details).toEqual([{ field: 'pilot_id', issue: 'invalid_uuid' }, AS_OF_PROBLEM]);
    expect(res.body.error.message).toBe(
      'pilot_id must be given once, as a UUID; as_of must be a calendar date, YYYY-MM-DD',
    );
    const missing = await read('/v1/pilot-experience?as_of=1903-12-16');
    expect(missing.body.error.details).toEqual([
      { field: 'pilot_id', issue: 'required' },
      expect.objectContaining({ field: 'as_of', issue: 'out_of_range' }),
    ]);
  });

  it('GET /v1/pilot-experience/batch names bad pilot_ids and a bad as_of', async () => {
    const res = await read('/v1/pilot-experience/batch?pilot_ids=a,,b&as_of=nope');
    expectError(res, 400, 'INVALID_REQUEST');
    expect(res.body.error.details).toEqual([{ field: 'pilot_ids', issue: 'invalid_uuid' }, AS_OF_PROBLEM]);
  });

  it('GET /v1/pilots names a bad limit and a bad cursor', async () => {
    const res = await read('/v1/pilots?limit=0&cursor=nope');
    expectError(res, 400, 'INVALID_REQUEST');
    expect(res.body.error.details).toEqual([
      { field: 'limit', issue: 'out_of_range' },
      { field: 'cursor', issue: 'invalid' },
    ]);
  });

  it('answers one bad parameter as before: its own message and detail', async () => {
    const res = await read('/v1/pilot-experience?pilot_id=nope');
    expect(res.body.error).toEqual({
      code: 'INVALID_REQUEST',
      message: 'pilot_id must be given once, as a UUID',
      details: [{ field: 'pilot_id', issue: 'invalid_uuid' }],
    });
    const asOf = await read('/v1/pilot-experience?pilot_id=5b1d2f7e-8c4a-4b1e-9a57-2f0c3d9e6a11&as_of=x');
    expect(asOf.body.error).toEqual({
      code: 'INVALID_REQUEST',
      message: AS_OF_PROBLEM.message,
      details: [AS_OF_PROBLEM],
    });
  });
});
