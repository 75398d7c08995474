import { LOGBOOK_ERRORS } from '@pft/logbook';
import { PARTNERS_ERRORS } from '@pft/partners';
import { type CodeOf, errorCodes } from '@pft/platform';
import { PRIVACY_ERRORS } from '@pft/privacy';

/**
 * The codes the pilot app API answers with: the platform's, the logbook's, the partners' (the pilot's
 * connections) and privacy's (an account being erased).
 */
export const INGESTION_ERRORS = errorCodes(LOGBOOK_ERRORS, PARTNERS_ERRORS, PRIVACY_ERRORS);

export type IngestionErrorCode = CodeOf<typeof INGESTION_ERRORS>;
