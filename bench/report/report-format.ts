/** A benchmark's result file as JSON: shapes differ between benchmarks and between their versions. */
export type Json = Record<string, any>;

/** A number with `digits` decimals, or `n/a` when the result has none. */
export const fmt = (n: unknown, digits = 0): string => (typeof n === 'number' ? n.toFixed(digits) : 'n/a');
