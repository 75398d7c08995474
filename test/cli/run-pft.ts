import { join } from 'node:path';
import { startBuiltProcess } from '@pft/testing';

export interface PftRun {
  code: number | NodeJS.Signals;
  stdout: string;
  stderr: string;
}

/**
 * How the reader of pft's stdout behaves: reads it all; has gone before pft writes a byte (a closed
 * pipe); or reads the first line and goes, as `pft ... | head -1` does.
 */
export type Reader = 'all' | 'gone' | 'first-line';

/** Runs the built `pft <args>` as its own process, as an operator would, and answers what it printed. */
export async function runPft(
  args: string[],
  env: Record<string, string>,
  reader: Reader = 'all',
): Promise<PftRun> {
  const run = startBuiltProcess(join('apps', 'cli', 'src', 'main.js'), args, env);
  const stdoutStream = run.child.stdout!;
  let stdout = '';
  let stderr = '';
  run.child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  if (reader === 'gone') {
    stdoutStream.destroy();
  } else {
    stdoutStream.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const newline = stdout.indexOf('\n');
      if (reader === 'first-line' && newline >= 0) {
        stdout = stdout.slice(0, newline + 1);
        stdoutStream.destroy();
      }
    });
  }
  const code = await run.exited;
  return { code, stdout, stderr };
}

/** Every key of a JSON value, at any depth, with its path. */
export function keysOf(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => keysOf(item, `${path}[${i}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [
      `${path}.${key}`,
      ...keysOf(item, `${path}.${key}`),
    ]);
  }
  return [];
}

/** The keys of a value that are not snake_case (lower-case words joined by underscores). */
export function notSnakeCase(value: unknown): string[] {
  return keysOf(value).filter(
    (path) => !/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(path.slice(path.lastIndexOf('.') + 1)),
  );
}
