export * from './event-store';
export * from './outbox-relay';
