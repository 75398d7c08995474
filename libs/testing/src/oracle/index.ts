export * from './totals.oracle';
export * from './logbook-events.arbitrary';
export * from './publish-histories';
export * from './projection-progress';
export * from './experience-record.oracle';
export * from './experience.oracle';
export * from './currency.oracle';
export * from './experience-records.arbitrary';
