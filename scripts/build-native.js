#!/usr/bin/env node
// Builds the native AES-256-GCM opener (libs/platform/native/aes-gcm-open.c) into
// .native/aes-gcm-open.node with gcc, against the Node-API headers (the node-api-headers package) and
// the OpenSSL inside Node. Part of `npm run build` and `npm run build:test`. Without a C compiler the
// service still runs: payloads are then opened with node:crypto, several times slower (docs/privacy.md).
const { execFileSync } = require('node:child_process');
const { existsSync, mkdirSync, renameSync, rmSync, statSync } = require('node:fs');
const { join, resolve } = require('node:path');

const root = resolve(__dirname, '..');
const source = join(root, 'libs/platform/native/aes-gcm-open.c');
const target = join(root, '.native/aes-gcm-open.node');

function built() {
  return existsSync(target) && statSync(target).mtimeMs >= statSync(source).mtimeMs;
}

function main() {
  if (built()) return;
  const compiler = process.env.CC || 'gcc';
  const headers = require('node-api-headers').include_dir;
  mkdirSync(join(root, '.native'), { recursive: true });
  const partial = `${target}.${process.pid}.tmp`;
  try {
    execFileSync(
      compiler,
      ['-O2', '-Wall', '-Werror', '-shared', '-fPIC', '-I', headers, source, '-o', partial],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
  } catch (error) {
    rmSync(partial, { force: true });
    console.warn(
      `[build-native] could not build ${target} (${error.message.split('\n')[0]}): ` +
        'sealed payloads will be opened with node:crypto',
    );
    return;
  }
  renameSync(partial, target);
}

main();
