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

/** The fields of an EventMessage other than its payload and metadata, as the event store holds them. */
export type EventMessageHead = Omit<EventMessage, 'payload' | 'metadata'>;

/**
 * The same message as encodeEventMessage makes, from its payload and metadata as JSON text already
 * (as Postgres gives a jsonb column cast to text): they are placed as they are, never parsed into
 * objects to be turned back into text. Consumers read the same values (decodeEventMessage).
 */
export function encodeEventMessageJson(
  head: EventMessageHead,
  payloadJson: string,
  metadataJson: string,
): Buffer {
  return Buffer.from(
    `{"event_id":${JSON.stringify(head.event_id)},"type":${JSON.stringify(head.type)},"version":${head.version},` +
      `"stream_id":${JSON.stringify(head.stream_id)},"stream_version":${head.stream_version},` +
      `"position":${JSON.stringify(head.position)},"pilot_account_id":${JSON.stringify(head.pilot_account_id)},` +
      `"occurred_at":${JSON.stringify(head.occurred_at)},"payload":${payloadJson},"metadata":${metadataJson}}`,
  );
}
