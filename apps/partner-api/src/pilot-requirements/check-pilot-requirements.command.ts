import { type Requirement } from '@pft/totals/domain';
import { type IdempotencyClaim } from '../idempotency/idempotency-key';

/** The status of a check's answer, kept under its `Idempotency-Key` with the check's record. */
export const CHECKED_STATUS = 200;

/**
 * Checks a linked pilot's experience against a partner's requirements: verdicts only, never the figures.
 * `claim` is the request's `Idempotency-Key`, when it sent one: its answer is kept in the transaction
 * that records the check.
 */
export class CheckPilotRequirementsCommand {
  constructor(
    readonly partnerId: string,
    /** Lower-case UUID. */
    readonly pilotId: string,
    /** `YYYY-MM-DD`, checked. */
    readonly asOf: string,
    readonly requirements: readonly Requirement[],
    /** The requirements as the partner sent them: what the pilot's access history shows. */
    readonly sent: readonly unknown[],
    /** The partner read revision seen with the request's key, or null (nothing kept is reused). */
    readonly readRevision: string | null,
    readonly claim?: IdempotencyClaim,
  ) {}
}
