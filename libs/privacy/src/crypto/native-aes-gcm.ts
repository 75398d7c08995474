import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The native opener (libs/privacy/native/aes-gcm-open.c), as scripts/build-native.js builds it. */
export interface NativeAesGcm {
  /**
   * Writes the plaintext of `sealed` (nonce, ciphertext, tag) into `out` from `at` and gives its
   * length, or -1 when it does not open under `key` and `aad` (nothing of it is then left in `out`).
   */
  open(key: Buffer, sealed: Buffer, aad: Buffer, out: Buffer, at: number): number;
}

const ADDON = join('.native', 'aes-gcm-open.node');

/**
 * Where the native opener was built: `.native/` at the root of the workspace, found from this file's
 * directory upwards (the sources and each build, dist/ and dist-test/, lie below that root). Null when
 * it was not built (no C compiler where the workspace was built).
 */
export function nativeAesGcmPath(from: string = __dirname): string | null {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, ADDON);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return null;
  }
}

let loaded: NativeAesGcm | null | undefined;

/** The native opener, loaded once; null when it was not built, and payloads are opened with node:crypto. */
export function nativeAesGcm(): NativeAesGcm | null {
  if (loaded === undefined) {
    const path = nativeAesGcmPath();
    if (path === null) loaded = null;
    else {
      const addon = { exports: {} as NativeAesGcm };
      process.dlopen(addon, path);
      loaded = addon.exports;
    }
  }
  return loaded;
}
