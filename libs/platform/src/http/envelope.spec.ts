import { type ErrorDetail } from './api-error';
import { errorEnvelope, MAX_ERROR_DETAILS } from './envelope';

const details = (n: number): ErrorDetail[] =>
  Array.from({ length: n }, (_, i) => ({ field: `flights[${i}].date`, issue: 'invalid' }));

describe('errorEnvelope', () => {
  it('lists every detail up to 100, and says nothing of omitted ones', () => {
    const body = errorEnvelope('INVALID_REQUEST', 'bad', 'req_1', details(100));
    expect(body.error.details).toEqual(details(100));
    expect(body.error).not.toHaveProperty('details_omitted');
  });

  it('keeps the first 100 details of more, and counts the rest in details_omitted', () => {
    const body = errorEnvelope('INVALID_REQUEST', 'bad', 'req_1', details(60_005));
    expect(MAX_ERROR_DETAILS).toBe(100);
    expect(body.error.details).toEqual(details(100));
    expect(body.error.details_omitted).toBe(59_905);
    expect(JSON.stringify(body).length).toBeLessThan(10_000);
  });

  it('leaves details out when there are none', () => {
    expect(errorEnvelope('NOT_FOUND', 'No such resource', 'req_1', [])).toEqual({
      error: { code: 'NOT_FOUND', message: 'No such resource' },
      meta: { api_version: 'v1', request_id: 'req_1' },
    });
  });
});
