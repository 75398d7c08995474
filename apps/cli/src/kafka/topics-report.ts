import {
  describeMismatch,
  fixCommand,
  planFile,
  type TopicMismatch,
} from '@pft/platform/kafka/topic-replication';
import { type TopicsReport } from '@pft/platform/kafka/topics';
import { type Output, printJson } from '../output/output';

/** Exit code of `kafka topics` when existing topics differ from the configuration (and were left so). */
export const TOPICS_DIFFER = 4;

/** A mismatch as `--json` shows it: the fix command beside it, and the plan with its file name. */
function mismatchJson(m: TopicMismatch, bootstrap: string): Record<string, unknown> {
  const { topic, setting, actual, wanted } = m;
  const fix = fixCommand(m, bootstrap);
  return m.setting === 'replication.factor'
    ? { topic, setting, actual, wanted, fix, planFile: planFile(topic), plan: m.plan }
    : { topic, setting, actual: actual ?? null, wanted, fix };
}

/**
 * What `pft kafka topics` prints: created or existing topics on stdout, each difference with its fix
 * on stderr (or all of it as one JSON line); sets the exit code when differences remain.
 */
export function printTopicsReport(
  out: Output,
  report: TopicsReport,
  fixed: TopicMismatch[],
  options: { json?: boolean; bootstrap: string },
): void {
  const remaining = report.mismatches.filter((m) => !fixed.includes(m));
  if (remaining.length > 0) process.exitCode = TOPICS_DIFFER;
  if (options.json) {
    printJson(out, {
      created: report.created,
      existing: report.existing,
      fixed: fixed.map((m) => ({ topic: m.topic, setting: m.setting, value: m.wanted })),
      mismatches: remaining.map((m) => mismatchJson(m, options.bootstrap)),
    });
    return;
  }
  out.print(report.created.length ? `created topics: ${report.created.join(', ')}` : 'topics exist');
  for (const m of fixed) out.print(`${m.topic}: set ${m.setting}=${m.wanted}`);
  for (const m of remaining) for (const line of describeMismatch(m, options.bootstrap)) out.warn(line);
}
