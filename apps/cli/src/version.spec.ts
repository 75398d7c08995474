import { packageVersion, versionLine, type ReadPackage } from './version';

describe('pft --version', () => {
  it('prints the version and the Node.js that runs it', () => {
    expect(versionLine('1.2.3', 'v20.20.2')).toBe('pft 1.2.3 (Node.js v20.20.2)');
  });

  it('finds the product package.json above the sources and above a build directory', () => {
    const files: Record<string, { name: string; version: string }> = {
      '/repo/package.json': { name: 'pilot-flight-totals', version: '4.5.6' },
      // A package.json of something else on the way up is not the product's.
      '/repo/dist/package.json': { name: 'other', version: '9.9.9' },
    };
    const read: ReadPackage = (path) => files[path];
    expect(packageVersion('/repo/dist/apps/cli/src', read)).toBe('4.5.6');
    expect(packageVersion('/repo/apps/cli/src', read)).toBe('4.5.6');
    expect(packageVersion('/elsewhere', read)).toBe('unknown');
  });
});
