export * from './ratings';
export * from './consent';
export * from './partner-access';
export * from './flights';
export * from './logbook';
export * from './totals';
export * from './uuid';
export * from './sandbox';
