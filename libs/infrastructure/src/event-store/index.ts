export * from './event-store';
