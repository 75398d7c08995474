/** The totals of one pilot, as the calling partner may see them. */
export class GetPilotTotalsQuery {
  constructor(
    readonly partnerId: string,
    /** Lower-case UUID. */
    readonly pilotId: string,
  ) {}
}
