/** The experience of one pilot as of a date, as the calling partner may see it. */
export class GetPilotExperienceQuery {
  constructor(
    readonly partnerId: string,
    /** Lower-case UUID. */
    readonly pilotId: string,
    /** `YYYY-MM-DD`, checked (asOfParameter). */
    readonly asOf: string,
    /** The partner read revision seen with the request's key, or null (nothing kept is reused). */
    readonly readRevision: string | null,
    /** A sandbox key's read: not recorded in the access history. */
    readonly sandbox = false,
  ) {}
}

/** The experience of up to 50 pilots as of a date, as the calling partner may see them. */
export class GetPilotExperienceBatchQuery {
  constructor(
    readonly partnerId: string,
    /** Lower-case UUIDs, distinct, in the order of first occurrence in the request. */
    readonly pilotIds: readonly string[],
    readonly asOf: string,
    readonly readRevision: string | null,
    readonly sandbox = false,
  ) {}
}
