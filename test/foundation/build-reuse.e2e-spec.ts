import { execFile } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(__dirname, '..', '..');
const execFileAsync = promisify(execFile);

// scripts/build.js run in a small workspace of its own: the real build script, tsc and tsc-alias; the
// pilot web app's bundle and the native opener are left out (stand-ins that do nothing much).
const FILES: Record<string, string> = {
  'package.json': `{ "private": true }\n`,
  'package-lock.json': `{}\n`,
  '.nvmrc': `24\n`,
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'node20',
      strict: true,
      rootDir: '.',
      outDir: './dist',
      types: [],
      paths: { '@pft/greeting': ['./libs/greeting/src'] },
    },
  }),
  'tsconfig.build.json': JSON.stringify({
    extends: './tsconfig.json',
    include: ['apps/**/*.ts', 'libs/**/*.ts'],
  }),
  'libs/greeting/src/index.ts': `export const greeting: string = 'hello';\n`,
  'apps/hello/src/main.ts': `import { greeting } from '@pft/greeting';\nconsole.log(greeting);\n`,
  'scripts/build-pilot-web.js': `require('node:fs').mkdirSync(process.argv[2] + '/apps/pilot-web', { recursive: true });\n`,
  'scripts/build-native.js': `\n`,
};

let dir: string;

// One workspace for the file: dist-test is built once, and each test puts back what it changed.
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pft-build-reuse-'));
  for (const [path, text] of Object.entries(FILES)) write(path, text);
  for (const script of ['build.js', 'build-inputs.js'])
    copyFileSync(join(ROOT, 'scripts', script), join(dir, 'scripts', script));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  await buildTestsCopy();
});

afterEach(() => {
  for (const [path, text] of Object.entries(FILES)) write(path, text);
  rmSync(join(dir, 'libs/greeting/src/extra.ts'), { force: true });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
}

/** Runs `node scripts/build.js <out> --reuse <other>` in the workspace; resolves with how it ended and what it said. */
async function build(out: 'dist' | 'dist-test'): Promise<{ ok: boolean; said: string }> {
  const other = out === 'dist' ? 'dist-test' : 'dist';
  const args = [join(dir, 'scripts', 'build.js'), out, '--reuse', other];
  return execFileAsync(process.execPath, args, { cwd: dir }).then(
    ({ stdout, stderr }) => ({ ok: true, said: stdout + stderr }),
    (err: { stdout: string; stderr: string }) => ({ ok: false, said: err.stdout + err.stderr }),
  );
}

/** Builds dist-test and leaves a file in it that no compilation makes: dist holds it only when copied. */
async function buildTestsCopy(): Promise<void> {
  expect((await build('dist-test')).ok).toBe(true);
  write('dist-test/copied-along', 'only in a copy\n');
}

const copied = (): boolean => existsSync(join(dir, 'dist', 'copied-along'));
const app = (out: string): string => readFileSync(join(dir, out, 'apps/hello/src/main.js'), 'utf8');

describe('scripts/build.js (npm run build, npm run build:test)', () => {
  it('copies the other build when the tree holds the inputs it was built from, its imports as a compilation rewrites them', async () => {
    const { ok, said } = await build('dist');
    expect(ok).toBe(true);
    expect(said).toContain('copied dist-test');
    expect(copied()).toBe(true);
    expect(app('dist')).toBe(app('dist-test'));
    expect(app('dist')).toContain('require("../../../libs/greeting/src/index.js")');
  });

  it("compiles when a file's content changed, and copies again once it is back as it was", async () => {
    write('libs/greeting/src/index.ts', `export const greeting: string = 'good day';\n`);
    expect((await build('dist')).said).toContain('compiling');
    expect(copied()).toBe(false);
    expect(readFileSync(join(dir, 'dist/libs/greeting/src/index.js'), 'utf8')).toContain('good day');

    write('libs/greeting/src/index.ts', FILES['libs/greeting/src/index.ts']!);
    expect((await build('dist')).said).toContain('copied dist-test');
    expect(copied()).toBe(true);
  });

  it.each([
    ['a new file under libs/', 'libs/greeting/src/extra.ts', `export const extra = 1;\n`],
    [
      'a changed tsconfig',
      'tsconfig.build.json',
      JSON.stringify({ extends: './tsconfig.json', include: ['apps/**/*.ts'] }),
    ],
    ['a changed lock', 'package-lock.json', `{ "lockfileVersion": 3 }\n`],
    [
      'a changed build script',
      'scripts/build-pilot-web.js',
      `${FILES['scripts/build-pilot-web.js']}// changed\n`,
    ],
  ])('compiles after %s', async (_what, path, text) => {
    write(path, text);
    const { ok, said } = await build('dist');
    expect(said).toContain('compiling');
    expect(ok).toBe(true);
    expect(copied()).toBe(false);
  });

  it('never copies a build that failed or did not end, and records none', async () => {
    write('libs/greeting/src/index.ts', `export const greeting: string = 42;\n`);
    expect((await build('dist-test')).ok).toBe(false);
    expect(existsSync(join(dir, 'dist-test/.build-inputs.json'))).toBe(false);
    write('dist-test/copied-along', 'only in a copy\n');
    expect((await build('dist')).ok).toBe(false);
    expect(copied()).toBe(false);

    // A build cut short: its output without the record it writes last.
    write('libs/greeting/src/index.ts', FILES['libs/greeting/src/index.ts']!);
    await buildTestsCopy();
    rmSync(join(dir, 'dist-test/.build-inputs.json'));
    expect((await build('dist')).said).toContain('compiling');
    expect(copied()).toBe(false);
  });
});
