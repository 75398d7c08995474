export * from './webhook-events';
export * from './retry-schedule';
export * from './webhook-url';
