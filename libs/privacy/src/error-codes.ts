import { type PRIVACY_ERRORS } from './domain/errors';

export { ACCOUNT_ERASED_MESSAGE, PRIVACY_ERRORS, SubjectBeingErased } from './domain/errors';

// Its codes join the platform's ErrorCode, so an ApiError of one of them type-checks anywhere.
declare module '@pft/platform/http/api-error' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface BusinessErrorCodes extends Record<keyof (typeof PRIVACY_ERRORS)['statuses'], true> {}
}
