/** A benchmark's result file as JSON: shapes differ between benchmarks. */
export type Json = Record<string, any>;

/** The newest result of a benchmark by its name, as report.bench.ts reads it. */
export type ReadResult = (name: string) => { file: string; data: Json } | undefined;

/** A number with `digits` decimals, or `n/a` when the result has none. */
export const fmt = (n: unknown, digits = 0): string => (typeof n === 'number' ? n.toFixed(digits) : 'n/a');

/** One figure of the report beside its goal; `met` is null for a reference, not a goal. */
export interface Row {
  figure: string;
  value: string;
  goal: string;
  met: boolean | null;
}

/** A figure as a line of the report's tables: a reference (met null) leaves the last column empty. */
export const tableLine = (row: Row): string =>
  `| ${row.figure} | ${row.value} | ${row.goal} | ${row.met === null ? '' : row.met ? 'yes' : 'no'} |`;

/** The run of a result whose name starts with `name`. */
export const run = (data: Json, name: string): Json | undefined =>
  (data.runs as Json[] | undefined)?.find((r) => (r.name as string).startsWith(name));

/** The rate of the run of a result whose name starts with `name`, as the report shows it. */
export const rate = (data: Json, name: string): string => fmt(run(data, name)?.requests_per_second);

/** Hello-world paced at the read's half load, alone or beside a process as busy as the app was. */
export const pacedHelloRun = (data: Json, beside: boolean): Json | undefined =>
  (data.runs as Json[] | undefined)?.find(
    (r) =>
      (r.name as string).startsWith('hello-world, paced at ') &&
      (r.name as string).includes(' beside ') === beside,
  );

/** A run measured several times, interleaved: every run's figure after the median shown. */
export const repeats = (r: Json | undefined, unit: string): string =>
  Array.isArray(r?.repeats) && r.repeats.length > 1
    ? `; median of ${r.repeats.length} runs (${(r.repeats as number[]).map((v) => fmt(v, unit === 'ms' ? 1 : 0)).join(', ')} ${unit})`
    : '';

/** A median share of a floor with each round's share after it. */
export const byRounds = (median: unknown, rounds: unknown): string =>
  `${fmt(median, 3)}x (by round: ${((rounds as number[] | undefined) ?? []).map((v) => fmt(v, 3)).join(', ')})`;
