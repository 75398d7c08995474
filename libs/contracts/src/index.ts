export * from './logbook';
export * from './events/pilot-events';
export * from './events/event-message';
export * from './events/schemas';
export * from './events/upcasters';
export * from './events/decode-event';
export * from './pilot-totals.schema';
export * from './events/command-completeness';
