export * from './totals.oracle';
export * from './logbook-events.arbitrary';
