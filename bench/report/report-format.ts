/** A benchmark's result file as JSON: shapes differ between benchmarks and between their versions. */
export type Json = Record<string, any>;

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

/** The run of a result named exactly `name`. */
export const exactRun = (data: Json, name: string): Json | undefined =>
  (data.runs as Json[] | undefined)?.find((r) => r.name === name);

/** Hello-world paced at the read's half load, alone or beside a process as busy as the app was. */
export const pacedHelloRun = (data: Json, beside: boolean): Json | undefined =>
  (data.runs as Json[] | undefined)?.find(
    (r) =>
      (r.name as string).startsWith('hello-world, paced at ') &&
      (r.name as string).includes(' beside ') === beside,
  );
