/** The totals of one pilot, as the calling partner may see them. */
export class GetPilotTotalsQuery {
  constructor(
    readonly partnerId: string,
    /** Lower-case UUID. */
    readonly pilotId: string,
    /** The partner read revision when the request was let in (see the totals read model). */
    readonly readRevision: string | null = null,
    /** A sandbox key's read: not recorded in the access history. */
    readonly sandbox = false,
  ) {}
}
