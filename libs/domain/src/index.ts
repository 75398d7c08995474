export * from './ratings';
export * from './consent';
export * from './partner-access';
