/** The fixture pilot disconnects from the calling sandbox, as a pilot does in the pilot app. */
export class DisconnectSandboxPilotCommand {
  constructor(
    readonly partnerId: string,
    readonly pilotId: string,
    readonly requestId: string,
  ) {}
}

export interface DisconnectSandboxPilotResult {
  pilot_id: string;
  disconnected_at: string;
}
