export * from './logbook-csv';
