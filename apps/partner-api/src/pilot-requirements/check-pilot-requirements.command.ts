import { type Requirement } from '@pft/totals/domain';

/** Checks a linked pilot's experience against a partner's requirements: verdicts only, never the figures. */
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
  ) {}
}
