// Lets a child process started by a test run the TypeScript sources directly (`node -r <this> app.ts`):
// swc compiles each .ts file on load, tsconfig-paths resolves the @pft/* aliases.
const path = require('node:path');
const { transformSync } = require('@swc/core');
const tsconfigPaths = require('tsconfig-paths');

const root = path.resolve(__dirname, '../../..');
const { compilerOptions } = require(path.join(root, 'tsconfig.json'));
tsconfigPaths.register({ baseUrl: root, paths: compilerOptions.paths });

require.extensions['.ts'] = (module, filename) => {
  const source = require('node:fs').readFileSync(filename, 'utf8');
  const { code } = transformSync(source, {
    filename,
    sourceMaps: 'inline',
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
