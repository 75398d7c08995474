export * from './access-history';
export * from './api-keys';
export * from './consent/linking-code-hash';
export * from './consent/connections.statements';
export * from './partner-reads/partner-read-revision';
export * from './webhooks';
export * from './erasure/erasure.statements';
