import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(__dirname, '..', '..');
const run = promisify(execFile);

/** Runs the workspace's import rules over a tree of `files`; resolves with the rules it broke. */
async function brokenRules(files: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'pft-import-rules-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          paths: {
            '@pft/contracts': ['./libs/contracts/src'],
            '@pft/platform': ['./libs/platform/src'],
            '@pft/logbook': ['./libs/logbook/src'],
            '@pft/logbook/*': ['./libs/logbook/src/*'],
            '@pft/totals': ['./libs/totals/src'],
            '@pft/totals/*': ['./libs/totals/src/*'],
            '@pft/event-store': ['./libs/event-store/src'],
          },
        },
      }),
    );
    const depcruise = join(ROOT, 'node_modules', '.bin', 'depcruise');
    const args = ['apps', 'libs', '--config', join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'json'];
    const { stdout } = await run(depcruise, args, { cwd: dir, maxBuffer: 16 * 1024 * 1024 }).catch(
      (err: { stdout: string }) => ({ stdout: err.stdout }),
    );
    const result = JSON.parse(stdout) as { summary: { violations: { rule: { name: string } }[] } };
    return [...new Set(result.summary.violations.map((v) => v.rule.name))].sort();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A small workspace that keeps every rule. */
const CLEAN = {
  'libs/contracts/src/index.ts': `export type Event = { type: 'FlightRecorded' };\n`,
  'libs/logbook/src/domain/index.ts': `import type { Event } from '@pft/contracts';\nexport const kind = (e: Event): string => e.type;\n`,
  'libs/logbook/src/commands/record.ts': `import { kind } from '../domain';\nimport { port } from '@pft/platform';\nexport const record = [kind, port];\n`,
  'libs/logbook/src/index.ts': `export { record } from './commands/record';\n`,
  'libs/totals/src/domain/fold.ts': `import { kind } from '@pft/logbook/domain';\nexport const fold = kind;\n`,
  'libs/totals/src/read/read-model.ts': `import { fold } from '../domain/fold';\nimport { record } from '@pft/logbook';\nexport const read = [fold, record];\n`,
  'libs/event-store/src/index.ts': `import { port } from '@pft/platform';\nexport const append = port;\n`,
  'libs/platform/src/index.ts': `export const port = 3000;\n`,
  'apps/ingestion/src/main.ts': `import { kind } from '@pft/logbook/domain';\nimport { port } from '@pft/platform';\nexport const started = [kind, port];\n`,
  'apps/partner-api/src/main.ts': `import { port } from '@pft/platform';\nexport const listening = port;\n`,
};

describe('the import rules (.dependency-cruiser.cjs, run by npm test)', () => {
  it('pass a workspace that keeps them', async () => {
    expect(await brokenRules(CLEAN)).toEqual([]);
  });

  it('fail a cycle, also one made of type-only imports', async () => {
    expect(
      await brokenRules({
        ...CLEAN,
        'libs/logbook/src/domain/a.ts': `import type { B } from './b';\nexport interface A { b?: B }\n`,
        'libs/logbook/src/domain/b.ts': `import type { A } from './a';\nexport interface B { a?: A }\n`,
      }),
    ).toEqual(['no-cycles']);
  });

  it.each([
    {
      what: 'an app that imports another app',
      path: 'apps/partner-api/src/main.ts',
      text: `import { started } from '../../ingestion/src/main';\nexport const listening = started;\n`,
      rules: ['apps-are-apart'],
    },
    {
      what: "a framework, an I/O library or a Node module imported into a context's domain/",
      path: 'libs/totals/src/domain/clock.ts',
      text: `import { Injectable } from '@nestjs/common';\nimport { readFileSync } from 'node:fs';\nexport const c = [Injectable, readFileSync];\n`,
      rules: ['domain-is-pure', 'pure-code-uses-no-node-modules'],
    },
    {
      what: 'libs/platform importing a library of ours',
      path: 'libs/platform/src/index.ts',
      text: `import type { Event } from '@pft/contracts';\nexport const port = 3000;\nexport type E = Event;\n`,
      rules: ['platform-knows-no-domain'],
    },
    {
      what: "a context's domain/ importing the adapters of its own or another context",
      path: 'libs/totals/src/domain/fold.ts',
      text: `import { record } from '@pft/logbook';\nexport const fold = record;\n`,
      rules: ['domain-is-pure'],
    },
    {
      what: "a context reaching inside another context's adapters",
      path: 'libs/totals/src/read/read-model.ts',
      text: `import { record } from '@pft/logbook/commands/record';\nexport const read = record;\n`,
      rules: ['contexts-meet-through-domain'],
    },
    {
      what: 'the event store importing a part of the business',
      path: 'libs/event-store/src/index.ts',
      text: `import { kind } from '@pft/logbook/domain';\nexport const append = kind;\n`,
      rules: ['event-store-is-generic'],
    },
  ])('fail $what', async ({ path, text, rules }) => {
    expect(await brokenRules({ ...CLEAN, [path]: text })).toEqual(rules);
  });
});
