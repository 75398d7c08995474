import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runThreadSourcesWith, threadEntry } from './thread-entry';

const ROOT = join(__dirname, '..', '..', '..', '..');

/** The TypeScript files under `dir`, but the tests' (specs, and libs/testing). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !/\.(spec|int-spec|e2e-spec)\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('worker threads started from the running code', () => {
  afterEach(() => runThreadSourcesWith(undefined));

  it('start the thread file of the kind of the running one, with the options given for the sources', () => {
    expect(threadEntry('/app/imports', 'reading.thread', '/app/imports/threads.js')).toEqual({
      file: '/app/imports/reading.thread.js',
    });
    // Not given: the process's own options, which a process started with a loader hands to its threads.
    expect(threadEntry('/src/imports', 'reading.thread', '/src/imports/threads.ts')).toEqual({
      file: '/src/imports/reading.thread.ts',
    });
    runThreadSourcesWith(['--require', '/tools/loader.js']);
    expect(threadEntry('/src/imports', 'reading.thread', '/src/imports/threads.ts')).toEqual({
      file: '/src/imports/reading.thread.ts',
      execArgv: ['--require', '/tools/loader.js'],
    });
    expect(threadEntry('/app/imports', 'reading.thread', '/app/imports/threads.js')).toEqual({
      file: '/app/imports/reading.thread.js',
    });
  });

  it('no code of the apps or libraries names a file of the tests (their loader, support or fixtures)', () => {
    const testDirs = readdirSync(join(ROOT, 'test')).join('|');
    const namesTests = new RegExp(`['"\`]test['"\`],\\s*['"\`](${testDirs})['"\`]|\\btest/(${testDirs})/`);
    const naming = ['apps', 'libs']
      .flatMap((top) => sources(join(ROOT, top)))
      .filter((file) => !relative(ROOT, file).startsWith(join('libs', 'testing')))
      .filter((file) => namesTests.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(naming).toEqual([]);
  });
});
