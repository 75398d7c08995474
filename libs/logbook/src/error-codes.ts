import { type LOGBOOK_ERRORS } from './domain/errors';

export { LOGBOOK_ERRORS, LogbookRejected } from './domain/errors';

// Its codes join the platform's ErrorCode, so an ApiError of one of them type-checks anywhere.
declare module '@pft/platform/http/api-error' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface BusinessErrorCodes extends Record<keyof (typeof LOGBOOK_ERRORS)['statuses'], true> {}
}
