export * from './ratings';
export * from './consent';
export * from './partner-access';
export * from './totals';
