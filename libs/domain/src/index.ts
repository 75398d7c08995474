export * from './ratings';
export * from './consent';
