export * from './api-key';
export * from './scopes';
export * from './pilot-ids';
export * from './rate-window';
