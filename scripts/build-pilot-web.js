#!/usr/bin/env node
// Builds the pilot web app (apps/pilot-web) into <out>/apps/pilot-web, beside the ingestion app that
// serves it at /app/: one bundle of the app and the npm packages it uses, its style sheet and page.
// Part of `npm run build` (into dist/) and `npm run build:test` (into dist-test/).
const { build } = require('esbuild');
const { copyFileSync, mkdirSync } = require('node:fs');
const { join, resolve } = require('node:path');

const root = resolve(__dirname, '..');
const src = join(root, 'apps/pilot-web/src');
const out = join(resolve(root, process.argv[2] ?? 'dist'), 'apps/pilot-web');

/**
 * libs/contracts and each context's domain/ (libs/<context>/src/domain) are pure (no I/O, nothing done on import but building constants), so
 * the bundle may leave out every module of theirs the app does not use: the event schemas and their
 * validator among them.
 */
const pureLibraries = {
  name: 'pure-libraries',
  setup(b) {
    const pure = join(root, 'libs') + '/';
    b.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === 'pure-libraries') return undefined;
      const fromLibs = args.importer.startsWith(pure) || args.path.startsWith('@pft/');
      if (!fromLibs) return undefined;
      const resolved = await b.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'pure-libraries',
      });
      const inPure = /\/libs\/(contracts\/src|[^/]+\/src\/domain)\//.test(resolved.path);
      return inPure ? { ...resolved, sideEffects: false } : resolved;
    });
  },
};

async function main() {
  mkdirSync(out, { recursive: true });
  await build({
    entryPoints: [join(src, 'main.tsx')],
    outfile: join(out, 'app.js'),
    tsconfig: join(root, 'apps/pilot-web/tsconfig.json'),
    bundle: true,
    format: 'esm',
    target: ['es2022'],
    minify: true,
    // No source map: the folder is served as it is, and a map would hand every source to anyone.
    sourcemap: false,
    legalComments: 'linked',
    logLevel: 'warning',
    plugins: [pureLibraries],
  });
  copyFileSync(join(src, 'index.html'), join(out, 'index.html'));
  copyFileSync(join(src, 'app.css'), join(out, 'app.css'));
}

main().catch((err) => {
  process.stderr.write(`build-pilot-web: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
