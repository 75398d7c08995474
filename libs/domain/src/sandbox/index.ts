export * from './fixture-pilots';
