import { join } from 'node:path';
import { runThreadSourcesWith } from '@pft/platform/threads/thread-entry';

/** What runs the TypeScript sources in a process of their own (`node -r <this>`): swc, the @pft/* aliases. */
export const TYPESCRIPT_LOADER = join(
  __dirname,
  '..',
  '..',
  '..',
  'test',
  'ingestion',
  'support',
  'register-ts.js',
);

/**
 * Worker threads that the sources start in this process (the ingestion's reading threads, run by a
 * test in process) load their TypeScript with TYPESCRIPT_LOADER, as the apps' processes run from the
 * sources do.
 */
export function threadsRunTypeScript(): void {
  runThreadSourcesWith(['--require', TYPESCRIPT_LOADER]);
}
