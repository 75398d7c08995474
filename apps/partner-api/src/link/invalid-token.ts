import { ApiError } from '@pft/platform';

/** One answer for a malformed, unknown, expired or used code, so a caller cannot tell them apart. */
export const invalidToken = (): ApiError =>
  new ApiError('INVALID_TOKEN', 'The linking token is invalid, expired or already used', [
    { field: 'linking_token', issue: 'invalid' },
  ]);
