export * from './api-key-hash';
export * from './api-keys.repository';
export * from './api-keys-revision';
