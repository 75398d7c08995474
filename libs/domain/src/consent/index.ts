export * from './linking-code';
