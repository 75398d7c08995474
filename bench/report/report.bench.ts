/** Gathers each benchmark's result into bench/results/report.md: the goals, then every figure. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESULTS_DIR as RESULTS } from '../support/bench-run';
import { compareBuildsFigures } from './compare-builds-report';
import { goalsSummaryLines } from './goals-summary-report';
import { ingestionRows } from './ingestion-report';
import { partnerApiRows } from './partner-api-report';
import { projectorClientLines, projectorRows } from './projector-report';
import { byRounds, type Json, fmt, type Row, tableLine } from './report-format';
import { steadyFigures } from './steady-report';

/** The result `name`.json, if its benchmark has written one. */
function readResult(name: string): { file: string; data: Json } | undefined {
  const file = `${name}.json`;
  if (!existsSync(join(RESULTS, file))) return undefined;
  return { file, data: JSON.parse(readFileSync(join(RESULTS, file), 'utf8')) as Json };
}

/** A benchmark's result; the projector's at 10,000,000 events when it has no other. */
const newest = (kind: string): { file: string; data: Json } | undefined =>
  readResult(kind) ?? (kind === 'projector' ? readResult('projector-10m') : undefined);

const figures: Record<string, (data: Json) => Row[]> = {
  ingestion: ingestionRows,
  projector: (d) => projectorRows(d, readResult),
  'partner-api': partnerApiRows,
  ...compareBuildsFigures,
  ...steadyFigures,
  'partner-api-experience': (d) => [
    ...Object.entries((d.shares ?? {}) as Record<string, number>).map(([name, ratio]) => {
      const goal = {
        experience_warm_vs_totals_warm: 0.7,
        experience_cold_vs_totals_cold: 0.5,
        check_20_vs_experience_warm: 0.7,
        check_20_vs_check_pipeline_floor: 0.7,
      }[name];
      return {
        figure: `${name.replace(/_/g, ' ')} (median of ${fmt(d.settings?.repeats)} alternating rounds)`,
        value: byRounds(ratio, d.shares_by_round?.[name]),
        goal: goal === undefined ? 'reported' : `${goal}x or better`,
        met: goal === undefined ? null : ratio >= goal,
      };
    }),
    ...(d.recording_statement_alone
      ? [
          {
            figure: `a check's recording, the statement alone (${fmt(d.recording_statement_alone.checks)} checks in batches of ${fmt(d.recording_statement_alone.batch)}, ${fmt(d.recording_statement_alone.statements_at_once)} at once): CPU a check`,
            value: `Postgres ${fmt(d.recording_statement_alone.cpu_us_per_check.postgres)} µs, client ${fmt(d.recording_statement_alone.cpu_us_per_check.client)} µs`,
            goal: 'reported',
            met: null,
          },
          {
            figure:
              'check of 20 at most, by CPU: the checks a second the cores can answer at the warm read’s CPU in every process and the recording’s Postgres CPU, over the warm read’s rate',
            value: `${fmt(d.check_20_ceiling_by_cpu_vs_experience_warm, 3)}x`,
            goal: 'reported',
            met: null,
          },
        ]
      : []),
  ],
  'partner-api-access-history': (d) =>
    Object.entries((d.ratios ?? {}) as Record<string, number>).map(([name, ratio]) => {
      const read = name.replace(/_recording_vs_not$/, '');
      const what = { warm: 'single read, cache warm', cold: 'single read, cache cold', batch: 'batch of 50' }[
        read
      ];
      return {
        figure: `${what ?? read}, with reads recorded for the access history against without (${fmt(d.settings?.repeats)} interleaved rounds, the median of the rounds' ratios)`,
        value: byRounds(ratio, d.ratios_by_round?.[read]),
        goal: 'within 5% (0.95x or better)',
        met: ratio >= 0.95,
      };
    }),
};

/** Sections after a benchmark's table. */
const sections: Record<string, (data: Json) => string[]> = { projector: projectorClientLines };

test('writes bench/results/report.md from the newest result of each benchmark', () => {
  const lines = [
    '# Benchmark report',
    '',
    `Made ${new Date().toISOString()} from the newest file of each benchmark in bench/results/.`,
    '',
    ...goalsSummaryLines(newest),
  ];
  let found = 0;
  for (const [kind, extract] of Object.entries(figures)) {
    const result = newest(kind);
    if (!result) continue;
    found += 1;
    const machine = result.data.machine as Json | undefined;
    lines.push(
      `## ${kind}`,
      '',
      `From \`${result.file}\` (${String(machine?.cpus ?? '?')} cores, load average ${((machine?.loadavg as number[] | undefined) ?? []).map((l) => fmt(l, 2)).join(', ')}, ${String(result.data.when)}).`,
      '',
      '| figure | value | goal | met |',
      '|---|---|---|---|',
      ...extract(result.data).map(tableLine),
      '',
      ...(sections[kind]?.(result.data) ?? []),
    );
  }
  writeFileSync(join(RESULTS, 'report.md'), lines.join('\n'));
  console.log(lines.join('\n'));
  expect(found).toBeGreaterThan(0);
});
