#!/usr/bin/env node
// Builds the native AES-256-GCM opener (libs/privacy/native/aes-gcm-open.c) into
// .native/aes-gcm-open.node with gcc, against the Node-API headers (the node-api-headers package) and
// the OpenSSL inside Node. Part of `npm run build` and `npm run build:test`. Without a C compiler the
// service still runs: payloads are then opened with node:crypto, several times slower (docs/privacy.md).
const { execFileSync } = require('node:child_process');
const { existsSync, mkdirSync, renameSync, rmSync, statSync } = require('node:fs');
const { join, resolve } = require('node:path');

const root = resolve(__dirname, '..');
const source = join(root, 'libs/privacy/native/aes-gcm-open.c');
const target = join(root, '.native/aes-gcm-open.node');

function built() {
  return existsSync(target) && statSync(target).mtimeMs >= statSync(source).mtimeMs;
}

function main() {
  if (built()) return;
  const compiler = process.env.CC || 'gcc';
  mkdirSync(join(root, '.native'), { recursive: true });
  const partial = `${target}.${process.pid}.tmp`;
  try {
    // Inside the try: an install without dev dependencies lacks the headers, and builds without the addon.
    const headers = require('node-api-headers').include_dir;
    execFileSync(
      compiler,
      ['-O2', '-Wall', '-Werror', '-shared', '-fPIC', '-I', headers, source, '-o', partial],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
  } catch (error) {
    // An addon left from an earlier source would open with code this build does not hold.
    rmSync(partial, { force: true });
    rmSync(target, { force: true });
    console.warn(
      `[build-native] could not build ${target} (${error.message.split('\n')[0]}): ` +
        'sealed payloads will be opened with node:crypto',
    );
    return;
  }
  const problem = selfCheck(partial);
  if (problem !== null) {
    rmSync(partial, { force: true });
    rmSync(target, { force: true });
    console.warn(
      `[build-native] ${target} built but ${problem}: sealed payloads will be opened with node:crypto`,
    );
    return;
  }
  renameSync(partial, target);
}

/** Null when the addon at `path` loads and opens what node:crypto sealed (and refuses a changed tag); else why not. */
function selfCheck(path) {
  const crypto = require('node:crypto');
  try {
    const addon = { exports: {} };
    process.dlopen(addon, path);
    const key = crypto.randomBytes(32);
    const iv = crypto.randomBytes(12);
    const aad = Buffer.from('build-native');
    const text = crypto.randomBytes(100);
    const cipher = crypto.createCipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
    cipher.setAAD(aad);
    const sealed = Buffer.concat([iv, cipher.update(text), cipher.final(), cipher.getAuthTag()]);
    const out = Buffer.alloc(text.length);
    if (addon.exports.open(key, sealed, aad, out, 0) !== text.length || !out.equals(text))
      return 'it does not open what node:crypto sealed';
    sealed[sealed.length - 1] ^= 1;
    if (addon.exports.open(key, sealed, aad, out, 0) !== -1) return 'it opens a value whose tag was changed';
    return null;
  } catch (error) {
    return `it does not load (${error.message})`;
  }
}

main();
