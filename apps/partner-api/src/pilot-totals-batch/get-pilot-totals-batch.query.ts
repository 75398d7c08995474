/** The totals of up to 50 pilots at once, as the calling partner may see them. */
export class GetPilotTotalsBatchQuery {
  constructor(
    readonly partnerId: string,
    /** Lower-case UUIDs, distinct, in the order of first occurrence in the request. */
    readonly pilotIds: readonly string[],
  ) {}
}
