import { ApiError } from '@pft/platform';
import { pilotIdQuery } from './pilot-id-query';

const refusalOf = (raw: unknown): unknown => {
  try {
    pilotIdQuery(raw);
  } catch (error) {
    if (error instanceof ApiError)
      return { code: error.code, message: error.message, details: error.details };
    throw error;
  }
  return undefined;
};

describe('the pilot_id query parameter', () => {
  it('is the UUID given once, in lower case', () => {
    expect(pilotIdQuery('5B1D2F7E-8C4A-4B1E-9A57-2F0C3D9E6A11')).toBe('5b1d2f7e-8c4a-4b1e-9a57-2f0c3d9e6a11');
  });

  it('refuses a missing, repeated or malformed id as INVALID_REQUEST naming the issue', () => {
    const refusal = (issue: string) => ({
      code: 'INVALID_REQUEST',
      message: 'pilot_id must be given once, as a UUID',
      details: [{ field: 'pilot_id', issue }],
    });
    expect(refusalOf(undefined)).toEqual(refusal('required'));
    expect(refusalOf(['a', 'b'])).toEqual(refusal('repeated'));
    expect(refusalOf('not-a-uuid')).toEqual(refusal('invalid_uuid'));
  });
});
