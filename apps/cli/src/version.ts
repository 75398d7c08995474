import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const PACKAGE_NAME = 'pilot-flight-totals';

/** A package.json's name and version, or undefined when there is none at that path. */
export type ReadPackage = (path: string) => { name?: string; version?: string } | undefined;

const readPackage: ReadPackage = (path) =>
  existsSync(path)
    ? (JSON.parse(readFileSync(path, 'utf8')) as { name?: string; version?: string })
    : undefined;

/**
 * The version of the product's package.json, found upwards from `from`: the command runs from the
 * sources (apps/cli/src) and from the build (dist/apps/cli/src), which sit at different depths.
 */
export function packageVersion(from: string = __dirname, read: ReadPackage = readPackage): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const pkg = read(join(dir, 'package.json'));
    if (pkg?.name === PACKAGE_NAME && pkg.version) return pkg.version;
    if (dirname(dir) === dir) return 'unknown';
  }
}

/** What `pft --version` prints: the product's version and the Node.js that runs it. */
export function versionLine(version: string = packageVersion(), node: string = process.version): string {
  return `pft ${version} (Node.js ${node})`;
}
