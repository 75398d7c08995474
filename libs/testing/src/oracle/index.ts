export * from './totals.oracle';
export * from './logbook-events.arbitrary';
export * from './publish-histories';
export * from './projection-progress';
