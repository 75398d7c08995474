export * from './api-keys';
export * from './consent/linking-code-hash';
export * from './partner-reads/partner-read-revision';
export * from './webhooks';
