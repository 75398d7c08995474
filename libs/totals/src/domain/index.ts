export { computeTotals } from './compute-totals';
