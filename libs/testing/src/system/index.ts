export * from './pilot-model';
export * from './logbook-workload';
export * from './partner-reads';
export * from './read-judge';
