import { ApiError } from '@pft/platform';
import { type ConsentRejection } from './consent.decide';

export const isConsentRejection = (value: unknown): value is ConsentRejection =>
  typeof value === 'object' && value !== null && 'rejected' in value;

export function consentError(rejection: ConsentRejection, headers: Record<string, string> = {}): ApiError {
  return new ApiError(rejection.rejected, rejection.message, undefined, headers);
}
