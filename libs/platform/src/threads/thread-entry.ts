import { extname, join } from 'node:path';

/** A worker thread's code and the Node options it starts with (none given: the process's own). */
export interface ThreadEntry {
  file: string;
  execArgv?: string[];
}

/**
 * The Node options a worker thread run from the TypeScript sources starts with, as whatever runs the
 * sources in process gives them (the tests' set-up: their TypeScript loader). None in the built apps.
 */
let sourcesExecArgv: string[] | undefined;

/** Worker threads of the TypeScript sources start with `execArgv` (their loader) from now on. */
export function runThreadSourcesWith(execArgv: string[] | undefined): void {
  sourcesExecArgv = execArgv;
}

/**
 * The thread file `name` in `dir`, of the kind of the running file `running` (its `__filename`): the
 * built `.js` in the apps; run from the sources, the `.ts`, started with the options given to
 * runThreadSourcesWith, or else with the process's own (a process started with a TypeScript loader
 * hands it to its threads).
 */
export function threadEntry(dir: string, name: string, running: string): ThreadEntry {
  const kind = extname(running);
  const file = join(dir, `${name}${kind}`);
  return kind === '.ts' && sourcesExecArgv ? { file, execArgv: sourcesExecArgv } : { file };
}
