export * from './projection-tables';
export * from './projection-versions';
export * from './projection-rebuild';
export * from './projection-metrics';
export * from './pilot-totals.read-model';
export * from './pilot-totals.batch';
export * from './pilot-totals.consumer';
export * from './projection-status';
