export * from './access-history.module';
export * from './partner-reads.statements';
export * from './partner-reads-retention';
