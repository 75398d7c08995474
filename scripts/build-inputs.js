// What a build of the apps is made from, and a record of it kept in the build's own directory, so a
// build into dist/ can be a copy of dist-test/ (or the other way round) when both would be compiled
// from the same inputs (scripts/build.js).
//
// The inputs: every file under apps/ and libs/ (tsc and esbuild read them whether git tracks them
// or not), the root's tsconfig*.json and package.json (its "type" decides how tsc emits modules),
// the dependency locks (package-lock.json and node_modules/.package-lock.json, what npm installed),
// patches/ (patch-package), the build scripts, .nvmrc and the Node.js release that builds.
const { createHash, randomBytes } = require('node:crypto');
const { cpSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const { basename, join } = require('node:path');

const MARKER = '.build-inputs.json';

/** The input files of a build, relative to `root`, in a fixed order. */
function inputFiles(root) {
  const files = [];
  const walk = (rel) => {
    let entries;
    try {
      entries = readdirSync(join(root, rel), { withFileTypes: true });
    } catch (error) {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return;
      throw error;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk('apps');
  walk('libs');
  walk('patches');
  const atRoot = readdirSync(root).filter((name) => /^tsconfig.*\.json$/.test(name));
  const scripts = readdirSync(join(root, 'scripts')).filter((name) => /^build.*\.js$/.test(name));
  files.push(
    ...atRoot.sort(),
    'package.json',
    'package-lock.json',
    'node_modules/.package-lock.json',
    '.nvmrc',
    ...scripts.sort().map((name) => `scripts/${name}`),
  );
  return files;
}

/** A hash of everything a build of `root` is made from: equal hashes, equal builds. Contents only, not times: a file touched but unchanged is the same input. */
function inputsHash(root) {
  const hash = createHash('sha256');
  hash.update(`node ${process.version} ${process.platform} ${process.arch}\0`);
  for (const file of inputFiles(root)) {
    let content;
    try {
      content = readFileSync(join(root, file));
    } catch (error) {
      if (error.code !== 'ENOENT') throw error;
      hash.update(`${file}\0missing\0`);
      continue;
    }
    hash.update(`${file}\0${content.length}\0`);
    hash.update(content);
  }
  return hash.digest('hex');
}

/** The record in build directory `dir`, as written; null when there is none (never built, or a build that did not end). */
function readRecord(dir) {
  try {
    const text = readFileSync(join(dir, MARKER), 'utf8');
    const record = JSON.parse(text);
    return typeof record.inputs === 'string' ? { text, inputs: record.inputs } : null;
  } catch {
    return null;
  }
}

/** Records in `dir` that its build is made from inputs hashing to `inputs`: last, and at once (a rename). */
function writeRecord(dir, inputs, copiedFrom) {
  const record = { inputs, build: randomBytes(8).toString('hex'), ...(copiedFrom ? { copiedFrom } : {}) };
  const partial = join(dir, `${MARKER}.${process.pid}.tmp`);
  writeFileSync(partial, `${JSON.stringify(record)}\n`);
  renameSync(partial, join(dir, MARKER));
}

/** Takes the record out of `dir` before its build starts, so no part-made build looks complete. */
function removeRecord(dir) {
  rmSync(join(dir, MARKER), { force: true });
}

/**
 * Makes `out` a copy of build directory `from` when `from` records that it was built from `inputs`;
 * true when it did. The copy is made beside, in `scratch`, and renamed into place once whole; when
 * `from` was rebuilt meanwhile (its record changed), the copy is thrown away and nothing changes.
 */
function copyBuild(from, out, inputs, scratch) {
  const before = readRecord(from);
  if (before === null || before.inputs !== inputs) return false;
  const name = basename(out);
  const copy = join(scratch, `${name}.copy-${process.pid}`);
  const old = join(scratch, `${name}.old-${process.pid}`);
  rmSync(copy, { recursive: true, force: true });
  try {
    cpSync(from, copy, { recursive: true, filter: (src) => src !== join(from, MARKER) });
    const after = readRecord(from);
    if (after === null || after.text !== before.text) return false;
    writeRecord(copy, inputs, basename(from));
    try {
      renameSync(out, old);
    } catch (error) {
      if (error.code !== 'ENOENT') throw error;
    }
    renameSync(copy, out);
  } finally {
    rmSync(copy, { recursive: true, force: true });
    rmSync(old, { recursive: true, force: true });
  }
  return true;
}

/** Removes what copies in `scratch` left when their process died half-way. */
function removeLeftovers(scratch) {
  let names;
  try {
    names = readdirSync(scratch);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/\.(?:copy|old)-(\d+)$/.exec(name)?.[1]);
    if (!pid || pid === process.pid || alive(pid)) continue;
    rmSync(join(scratch, name), { recursive: true, force: true });
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

module.exports = { inputsHash, readRecord, writeRecord, removeRecord, copyBuild, removeLeftovers };
