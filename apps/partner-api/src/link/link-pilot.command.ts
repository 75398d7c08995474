/** Redeem a pilot's linking code for the calling partner: the pilot's consent to be read. */
export class LinkPilotCommand {
  constructor(
    readonly partnerId: string,
    readonly linkingToken: string,
    readonly requestId: string,
  ) {}
}

export interface LinkPilotResult {
  pilot_id: string;
}
