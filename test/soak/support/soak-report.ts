import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Fault } from './soak-faults';
import { type ReadTally, type WrongRead } from './soak-reads';

const RESULTS = join(__dirname, '..', '..', '..', 'bench', 'results');

/** What a read must be to count as right: written into every report, beside its figures. */
export const WRONG_DEFINED =
  'Each pilot’s states are the oracle’s totals (libs/testing oracle, logbook-rules.md) after each prefix of the ' +
  'changes the soak sent for that pilot, in order; the state of a change counts from the moment it is sent. ' +
  'A partner read of a pilot (single or in a batch) is right when it is a 200 whose totals (without pilot_id and ' +
  'last_updated) equal one of those states, no older than the newest state shown by a read of that pilot that ' +
  'had finished before this one was sent (on either partner API replica), and not newer than what had been sent ' +
  'when its answer came; or a 503 SERVICE_UNAVAILABLE in the error envelope with a request id. Anything else is ' +
  'wrong: totals that were never a state of the pilot (a flight counted twice, another pilot’s totals), a state ' +
  'older than one already shown (a read going back), a linked pilot missing or repeated in a batch, any other ' +
  'status, or no answer. A right read may be behind (stale); it breaks the freshness rule (Partner API v1, ' +
  'section 8: at most 5 minutes) when a change it does not show had been acknowledged more than 5 minutes ' +
  'before the read was sent.';

export interface SoakResult {
  startedAt: string;
  revision: string;
  minutesSet: number;
  secondsRun: number;
  setup: Record<string, unknown>;
  loadAverage: { start: number[]; end: number[] };
  writes: {
    acknowledged: number;
    errorAnswersRetried: number;
    outcomeUnknown: number;
    unexplained: string[];
    failed: string[];
    /** Pilots linked while the soak ran (each read live until the projector has its row), and links that failed. */
    pilotsLinkedDuring: number;
    linkFailures: string[];
  };
  reads: ReadTally;
  faults: Fault[];
  faultErrors: string[];
  final: {
    caughtUpSeconds: number | null;
    notCurrent: string[];
    deadLetters: number;
    outboxLeft: number;
  };
}

/** The faults that began in the `seconds` before `at` or were still going on then. */
function faultsAround(faults: Fault[], at: number, seconds = 60): string[] {
  return faults
    .filter((f) => f.to >= at - seconds && f.from <= at)
    .map((f) => `${f.from}-${f.to} s: ${f.kind}`);
}

export function passed(result: SoakResult): boolean {
  return (
    result.reads.wrongCount === 0 &&
    result.reads.overFreshness.length === 0 &&
    result.writes.failed.length === 0 &&
    result.writes.unexplained.length === 0 &&
    result.final.notCurrent.length === 0 &&
    result.final.deadLetters === 0
  );
}

export function writeSoakReport(result: SoakResult): void {
  const byKind: Record<string, { count: number; seconds: number }> = {};
  for (const f of result.faults) {
    const k = (byKind[f.kind] ??= { count: 0, seconds: 0 });
    k.count += 1;
    k.seconds = Number((k.seconds + f.to - f.from).toFixed(1));
  }
  const wrong = result.reads.wrong.map((w: WrongRead) => ({
    ...w,
    faultsAround: faultsAround(result.faults, w.at),
  }));
  const { wrong: _kept, ...reads } = result.reads;
  const json = {
    verdict: passed(result) ? 'no wrong answer' : 'FAILED',
    started_at: result.startedAt,
    revision: result.revision,
    minutes_set: result.minutesSet,
    seconds_run: result.secondsRun,
    setup: result.setup,
    load_average: result.loadAverage,
    wrong_defined: WRONG_DEFINED,
    writes: result.writes,
    reads: { ...reads, maxLagMs: Math.round(reads.maxLagMs) },
    faults: {
      total: result.faults.length,
      by_kind: byKind,
      errors: result.faultErrors,
      timeline: result.faults,
    },
    wrong_answers: wrong,
    final: result.final,
  };
  writeFileSync(join(RESULTS, 'soak.json'), JSON.stringify(json, null, 2) + '\n');

  const r = result.reads;
  const lines = [
    '# Soak under faults',
    '',
    `\`npm run soak\` (SOAK_MINUTES=${result.minutesSet}), started ${result.startedAt} on ${result.revision}; ` +
      `${(result.secondsRun / 60).toFixed(1)} minutes of writes, reads and faults. ` +
      `Load average ${result.loadAverage.start.map((l) => l.toFixed(2)).join(' ')} at the start, ` +
      `${result.loadAverage.end.map((l) => l.toFixed(2)).join(' ')} at the end.`,
    '',
    `**${json.verdict}**: ${r.wrongCount} wrong answers in ${r.pilotReads} pilot reads ` +
      `(${r.requests} requests); ${r.overFreshness.length} reads beyond the freshness rule.`,
    '',
    '## What "wrong" means',
    '',
    WRONG_DEFINED,
    '',
    '## Figures',
    '',
    '| | |',
    '|---|---|',
    `| setup | ${Object.entries(result.setup)
      .map(([k, v]) => `${k} ${String(v)}`)
      .join(', ')} |`,
    `| writes acknowledged | ${result.writes.acknowledged} (${result.writes.errorAnswersRetried} error answers retried, ` +
      `${result.writes.outcomeUnknown} of unknown outcome; ${result.writes.failed.length} failed; ` +
      `${result.writes.unexplained.length} retries answered against the contract) |`,
    `| pilots linked during the run | ${result.writes.pilotsLinkedDuring} (${result.writes.linkFailures.length} links failed under faults` +
      `${result.writes.linkFailures.length ? `: ${result.writes.linkFailures.slice(0, 3).join('; ')}` : ''}) |`,
    `| partner reads | ${r.pilotReads} pilot totals in ${r.requests} requests: ${r.right} right, ` +
      `${r.unavailable} clean 503, ${r.wrongCount} wrong |`,
    `| reads behind | ${r.behind} right reads had not yet shown a change acknowledged before they were sent; ` +
      `the furthest behind by ${(r.maxLagMs / 1000).toFixed(1)} s (the rule allows 300 s) |`,
    `| faults | ${result.faults.length}: ` +
      Object.entries(byKind)
        .map(([k, v]) => `${k} ${v.count} (${v.seconds} s)`)
        .join(', ') +
      ` |`,
    `| fault errors | ${result.faultErrors.length === 0 ? 'none' : result.faultErrors.join('; ')} |`,
    `| at the end | every pilot current on both replicas ${
      result.final.caughtUpSeconds === null
        ? 'NOT reached'
        : `${result.final.caughtUpSeconds} s after the faults and writes ended`
    }; ${result.final.notCurrent.length} not equal to the oracle; ${result.final.deadLetters} dead letters; ` +
      `${result.final.outboxLeft} events left in the outbox |`,
    '',
  ];
  if (wrong.length > 0) {
    lines.push('## Wrong answers', '', `The first ${wrong.length} of ${result.reads.wrongCount}:`, '');
    for (const w of wrong)
      lines.push(
        `- ${w.at} s, pilot ${w.pilotId}, replica ${w.replica} (${w.endpoint}), ${w.status}: ${w.why}` +
          `${w.newestShown ? ` (newest shown: ${w.newestShown})` : ''}; ` +
          `against the floor ${JSON.stringify(w.vsFloor ?? {})}, against the newest ${JSON.stringify(w.vsNewest ?? {})}` +
          `${w.body ? `; body ${w.body}` : ''}; faults around: ${w.faultsAround.join(', ') || 'none'}`,
      );
    lines.push('');
  }
  writeFileSync(join(RESULTS, 'soak.md'), lines.join('\n'));
}
