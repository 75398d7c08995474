/** The totals of up to 50 pilots at once, as the calling partner may see them. */
export class GetPilotTotalsBatchQuery {
  constructor(
    readonly partnerId: string,
    /** Lower-case UUIDs, distinct, in the order of first occurrence in the request. */
    readonly pilotIds: readonly string[],
    /** The partner read revision when the request was let in (see the totals read model). */
    readonly readRevision: string | null = null,
    /** A sandbox key's read: not recorded in the access history. */
    readonly sandbox = false,
    /** The list as sent (`pilot_ids`), when it was: the same list gives the same ids. */
    readonly asked?: string,
  ) {}
}
