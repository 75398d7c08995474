#!/usr/bin/env node
// Draws the production code's imports, by app and library, as a Mermaid graph in
// docs/architecture.md (between the "import graph" markers), from one dependency-cruiser run with
// the rules of .dependency-cruiser.cjs. `--check` changes nothing and exits 1 when the document
// differs from the code: `npm test` runs it, so the picture cannot drift from the tree.
'use strict';
const { execFileSync } = require('node:child_process');
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const DOC = join(ROOT, 'docs', 'architecture.md');
const BEGIN = '<!-- import graph: begin (scripts/architecture-graph.js writes this part) -->';
const END = '<!-- import graph: end -->';

function cruise() {
  const output = execFileSync(
    join(ROOT, 'node_modules', '.bin', 'depcruise'),
    [
      'apps',
      'libs',
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'json',
      '--collapse',
      '^(apps|libs)/[^/]+',
      '--exclude',
      '(\\.(spec|int-spec|test-support)\\.ts$|^libs/testing/)',
    ],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(output);
}

/** `apps/x` or `libs/x` to a Mermaid node id and label. */
const node = (part) => ({ id: part.replace(/[/-]/g, '_'), label: part });

function graph(result) {
  const parts = result.modules.map((m) => m.source).filter((s) => /^(apps|libs)\/[^/]+$/.test(s));
  const edges = [];
  for (const m of result.modules) {
    if (!parts.includes(m.source)) continue;
    for (const d of m.dependencies) {
      if (d.resolved !== m.source && parts.includes(d.resolved)) edges.push([m.source, d.resolved]);
    }
  }
  const unique = [...new Set(edges.map(([a, b]) => `${a} ${b}`))].sort();
  const lines = ['```mermaid', 'graph TD'];
  for (const part of parts.sort()) lines.push(`  ${node(part).id}["${node(part).label}"]`);
  for (const edge of unique) {
    const [a, b] = edge.split(' ');
    lines.push(`  ${node(a).id} --> ${node(b).id}`);
  }
  lines.push('```');
  return lines.join('\n');
}

function main() {
  const doc = readFileSync(DOC, 'utf8');
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${DOC} lacks the import graph markers`);
  const drawn = `${BEGIN}\n\n${graph(cruise())}\n\n${END}`;
  const updated = doc.slice(0, start) + drawn + doc.slice(end + END.length);
  if (process.argv.includes('--check')) {
    if (updated !== doc) {
      console.error(
        'docs/architecture.md does not match the imports: run `node scripts/architecture-graph.js`',
      );
      process.exit(1);
    }
    console.log('docs/architecture.md matches the imports');
    return;
  }
  writeFileSync(DOC, updated);
  console.log('docs/architecture.md: import graph written');
}

main();
