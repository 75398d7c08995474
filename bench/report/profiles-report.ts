import { type Json, fmt } from './report-format';

/** Frames shown for each thread of a load. */
const FRAMES = 8;

/** Variables of a benchmark's environment that say how it ran, not what it measured. */
const NOT_SETTINGS = ['BENCH_PROFILE', 'BENCH_RESULTS_DIR'];

const percent = (share: number): string => `${(share * 100).toFixed(1)}%`;

/**
 * A benchmark's profiled run (`<name>-profiles.json`, BENCH_PROFILE=1): for each load, each of our
 * processes' threads that worked in it, how busy it was and where its time went, by function (self time).
 */
export function profileLines(file: string, data: Json): string[] {
  const machine = data.machine as Json | undefined;
  const lines = [
    `## profiles: ${String(data.benchmark)}`,
    '',
    `From \`${file}\` (${String(machine?.cpus ?? '?')} cores, load average ${((machine?.loadavg as number[] | undefined) ?? []).map((n) => n.toFixed(2)).join(', ')}, ${String(data.when)}): the same benchmark run again with every app under the CPU profiler (\`BENCH_PROFILE=1\`), each load cut out of the apps' profiles by its start and end. The profiler slows the apps, so that run's figures are not the ones above; the shares are what the report reads. Self time by function, as a share of the thread's busy time in the load; a projector's fold runs from its first stored batch until it caught up with the topic.`,
    '',
  ];
  const settings = data.settings as Record<string, string> | undefined;
  if (settings) {
    const shown = Object.entries(settings).filter(([name]) => !NOT_SETTINGS.includes(name));
    lines.push(
      `Settings: ${shown.length > 0 ? shown.map(([name, value]) => `\`${name}=${value}\``).join(', ') : 'the defaults'}.`,
      '',
    );
  }
  for (const span of (data.spans as Json[] | undefined) ?? []) {
    const threads = (span.threads as Json[] | undefined) ?? [];
    if (threads.length === 0) continue;
    lines.push(`### ${String(span.name)}${span.runs > 1 ? ` (${String(span.runs)} runs together)` : ''}`, '');
    for (const thread of threads) {
      lines.push(
        `${String(thread.process)}: busy ${fmt(thread.busy_ms)} ms of ${fmt(thread.span_ms)} ms (${percent(thread.busy_ms / thread.span_ms)}), garbage collection ${percent(thread.gc_ms / thread.busy_ms)} of that`,
        '',
        '| function (self time) | ms | share of busy |',
        '|---|---|---|',
        ...((thread.top as Json[] | undefined) ?? [])
          .slice(0, FRAMES)
          .map(
            (f) => `| \`${String(f.frame)}\` | ${fmt(f.self_ms)} | ${percent(f.share_of_busy as number)} |`,
          ),
        '',
      );
    }
  }
  return lines;
}
