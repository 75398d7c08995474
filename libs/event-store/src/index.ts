export * from './event-store';
export * from './outbox-relay';
export * from './outbox-metrics';
export * from './command-pipeline';
