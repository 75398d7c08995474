export * from './webhook-signature';
export * from './webhook-endpoints.repository';
export * from './webhook-deliveries.repository';
