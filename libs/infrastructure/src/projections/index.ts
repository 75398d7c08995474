export * from './projection-tables';
export * from './pilot-totals.read-model';
