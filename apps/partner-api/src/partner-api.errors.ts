import { LOGBOOK_ERRORS } from '@pft/logbook';
import { PARTNERS_ERRORS } from '@pft/partners';
import { type CodeOf, errorCodes } from '@pft/platform';
import { PRIVACY_ERRORS } from '@pft/privacy';

/**
 * The codes the partner API answers with: the platform's, the partners' (keys, scopes, links,
 * idempotency), the logbook's (sandbox writes) and privacy's (a write for a pilot being erased).
 */
export const PARTNER_API_ERRORS = errorCodes(PARTNERS_ERRORS, LOGBOOK_ERRORS, PRIVACY_ERRORS);

export type PartnerApiErrorCode = CodeOf<typeof PARTNER_API_ERRORS>;
