/** Puts one of the calling sandbox's fixture pilots back to the fixture: its simulated flights are deleted. */
export class ResetSandboxPilotCommand {
  constructor(
    readonly partnerId: string,
    readonly pilotId: string,
    readonly requestId: string,
  ) {}
}

export interface ResetSandboxPilotResult {
  pilot_id: string;
  /** The linking code of the fixture the pilot is back to. */
  fixture: string;
}
