export { CommandPipeline } from './command-pipeline';
export { OUTBOX_CHANNEL, appendEvents } from './event-store';
export type { AppendResult } from './event-store';
export type { PayloadOpener, PayloadSealer, SubjectSealing } from './payload-sealing';
export { OUTBOX_STATE_SQL, reportOutboxState } from './outbox-metrics';
export type { OutboxRelayOptions } from './outbox-relay.options';
export { OutboxRelay } from './outbox-relay';
export { readStream } from './stream-reader';
export type { StoredEvent } from './stream-reader';
