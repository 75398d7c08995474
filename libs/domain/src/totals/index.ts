export * from './flight-contribution';
export * from './pilot-totals.fold';
export * from './compute-totals';
