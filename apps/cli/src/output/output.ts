import { snakeCaseJson } from './snake-case-json';

/**
 * Where commands print: data on stdout, what the operator should know on stderr. A parameter of
 * every command group, so that tests read what an operator would see.
 */
export interface Output {
  print(line: string): void;
  warn(line: string): void;
}

export const consoleOutput: Output = {
  print: (line) => process.stdout.write(`${line}\n`),
  warn: (line) => process.stderr.write(`${line}\n`),
};

/** Prints a command's data as one line of JSON (`--json`), keys in snake_case. */
export function printJson(out: Output, value: unknown): void {
  out.print(snakeCaseJson(value));
}
