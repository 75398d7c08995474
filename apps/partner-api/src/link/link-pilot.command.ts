import { type IdempotencyClaim } from '../idempotency/idempotency-key';

/** The status of a link's answer, kept under its `Idempotency-Key` with the link itself. */
export const LINKED_STATUS = 200;

/**
 * Redeem a pilot's linking code for the calling partner: the pilot's consent to be read. `claim` is the
 * request's `Idempotency-Key`, when it sent one: its answer is kept in the link's own transaction.
 */
export class LinkPilotCommand {
  constructor(
    readonly partnerId: string,
    readonly linkingToken: string,
    readonly requestId: string,
    readonly claim?: IdempotencyClaim,
  ) {}
}

export interface LinkPilotResult {
  pilot_id: string;
}
