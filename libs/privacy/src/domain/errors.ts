/** What 410 ACCOUNT_ERASED says: the pilot asked for their account's erasure and it is under way. */
export const ACCOUNT_ERASED_MESSAGE =
  'This account is being erased; it can be used again once the erasure is complete';

/** No key can be made for the subject now: its erasure is under way (answered 410 ACCOUNT_ERASED). */
export class SubjectBeingErased extends Error {
  readonly code = 'ACCOUNT_ERASED';

  constructor(readonly subject: string) {
    super(ACCOUNT_ERASED_MESSAGE);
    this.name = 'SubjectBeingErased';
  }
}

/** Privacy's own error codes, with their HTTP status, and the domain errors it throws. */
export const PRIVACY_ERRORS = {
  statuses: { ACCOUNT_ERASED: 410 },
  errors: [SubjectBeingErased],
} as const;
