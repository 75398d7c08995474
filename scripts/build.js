#!/usr/bin/env node
// Builds the apps into one directory: `npm run build` into dist/ (for `npm start`), `npm run build:test`
// into dist-test/ (for the tests).
//
//   node scripts/build.js <out> [--reuse <dir>]
//
// A build compiles with tsc, rewrites the @pft/* imports to relative paths (tsc-alias), bundles the
// pilot web app (scripts/build-pilot-web.js) and builds the native opener into .native/
// (scripts/build-native.js). Once it has ended, it records in <out>/.build-inputs.json a hash of every
// input (scripts/build-inputs.js); a build that fails or is cut short records nothing. With --reuse,
// when <dir> records the same inputs as the tree holds now, <out> becomes a copy of <dir> instead of
// a second compilation of the same sources: nothing in a build depends on its directory's name.
// PFT_BUILD_REUSE=0 compiles whatever the record says.
const { execFileSync } = require('node:child_process');
const { mkdirSync, rmSync } = require('node:fs');
const { join, relative, resolve } = require('node:path');
const { copyBuild, inputsHash, removeLeftovers, removeRecord, writeRecord } = require('./build-inputs');

const root = resolve(__dirname, '..');
const say = (text) => process.stderr.write(`[build] ${text}\n`);

function parseArgs(argv) {
  const [out, ...rest] = argv;
  const reuse = rest.length === 2 && rest[0] === '--reuse' ? rest[1] : null;
  if (!out || out.startsWith('-') || (rest.length > 0 && reuse === null)) {
    say('usage: node scripts/build.js <out> [--reuse <dir>]');
    process.exit(2);
  }
  return { out: resolve(root, out), reuse: reuse === null ? null : resolve(root, reuse) };
}

function run(script, args) {
  execFileSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' });
}

function compile(out) {
  const dir = relative(root, out);
  removeRecord(out);
  rmSync(out, { recursive: true, force: true });
  run(require.resolve('typescript/bin/tsc', { paths: [root] }), [
    '-p',
    'tsconfig.build.json',
    '--outDir',
    dir,
  ]);
  run(require.resolve('tsc-alias/dist/bin/index.js', { paths: [root] }), [
    '-p',
    'tsconfig.build.json',
    '--outDir',
    dir,
  ]);
  run(join(root, 'scripts/build-pilot-web.js'), [dir]);
  run(join(root, 'scripts/build-native.js'), []);
}

/** The hash of the inputs now; null (and the build is then not recorded) when they cannot be read. */
function hashNow() {
  try {
    return inputsHash(root);
  } catch (error) {
    say(`could not hash the build's inputs (${error.message}): the build will not be recorded`);
    return null;
  }
}

function main() {
  const { out, reuse } = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const inputs = hashNow();
  if (reuse !== null && reuse !== out && inputs !== null && process.env.PFT_BUILD_REUSE !== '0') {
    const scratch = join(root, '.stack', 'build');
    mkdirSync(scratch, { recursive: true });
    removeLeftovers(scratch);
    if (copyBuild(reuse, out, inputs, scratch)) {
      // The opener lives in .native/, outside both builds; this is quick when it is up to date.
      run(join(root, 'scripts/build-native.js'), []);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      say(
        `${relative(root, out)}: copied ${relative(root, reuse)}, built from the same inputs (${seconds} s)`,
      );
      return;
    }
    say(
      `${relative(root, out)}: compiling (${relative(root, reuse)} holds no finished build of these inputs)`,
    );
  }
  compile(out);
  if (inputs === null) return;
  if (hashNow() === inputs) writeRecord(out, inputs);
  else
    say(
      `the inputs changed during the build: ${relative(root, out)} is not recorded, and will not be copied`,
    );
}

try {
  main();
} catch (error) {
  // A step that failed has printed why; anything else is this script's own.
  if (typeof error.status !== 'number') say(error instanceof Error ? error.message : String(error));
  process.exit(typeof error.status === 'number' && error.status > 0 ? error.status : 1);
}
