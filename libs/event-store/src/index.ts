export * from './event-store';
export * from './outbox-relay';
export * from './outbox-relay.options';
export * from './outbox-metrics';
export * from './command-pipeline';
export * from './logbook/flights.repository';
export * from './logbook/starting-totals.repository';
