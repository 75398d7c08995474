export { computeTotals } from './compute-totals';
export * from './experience';
export * from './requirements';
