import { type PilotEvent } from './pilot-events';

/**
 * An event as stored and as published to the pilot-events topic (JSON value; key = pilot account id).
 * `stream_id` + `stream_version` identify it as surely as `event_id`: consumers drop repeats by either.
 */
export interface EventMessage<E extends PilotEvent = PilotEvent> {
  event_id: string;
  type: E['type'];
  version: number;
  stream_id: string;
  stream_version: number;
  /** Global order in the event store. */
  position: string;
  pilot_account_id: string;
  occurred_at: string;
  payload: E['payload'];
  metadata: {
    request_id?: string;
    causation_id?: string;
    /** The stream version of the last event its command appended (see command-completeness.ts). */
    command_last_version?: number;
  };
}

export function encodeEventMessage(message: EventMessage): Buffer {
  return Buffer.from(JSON.stringify(message));
}
