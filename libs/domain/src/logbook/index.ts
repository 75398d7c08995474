export * from './validation-issue';
export * from './body-reader';
export * from './starting-totals.rules';
export * from './logbook.decide';
