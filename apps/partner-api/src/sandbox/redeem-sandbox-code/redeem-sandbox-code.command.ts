/** Redeem one of the sandbox's documented codes for the calling partner's sandbox: links its fixture pilot. */
export class RedeemSandboxCodeCommand {
  constructor(
    /** The partner's sandbox account. */
    readonly partnerId: string,
    readonly linkingToken: string,
    readonly requestId: string,
  ) {}
}
