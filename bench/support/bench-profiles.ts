import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CpuProfile, profileOfSpans, type Span, type SpanProfile } from '@pft/testing/cpu-profile';

/** A thread's part of a span: which process and thread, and where its busy time went. */
export interface ThreadInSpan extends SpanProfile {
  /** The app (or script) whose process it is, as profileDirName names it; `thread N` for a worker thread. */
  process: string;
}

export interface ProfiledSpan {
  name: string;
  /** How many times a load of that name ran: its threads' figures are over all of them. */
  runs: number;
  /** Each profiled thread that was busy for at least MIN_BUSY_SHARE of the span, the busiest first. */
  threads: ThreadInSpan[];
}

/** A thread busy for less of a span than this had no part in its load (a floor server, an idle app). */
const MIN_BUSY_SHARE = 0.05;

const nowUs = (): number => Number(process.hrtime.bigint() / 1000n);

/**
 * A benchmark run under the CPU profiler (BENCH_PROFILE=1): every app process it starts writes a V8
 * CPU profile when it ends (through PFT_CHILD_NODE_ARGS, each app's into a directory of its own), and
 * each load the run times is a span, cut out of every profile afterwards by its start and end on the
 * machine's monotonic clock. What a process did before and after (starting, another load) is left out.
 */
export class BenchProfiles {
  readonly dir = mkdtempSync(join(tmpdir(), 'pft-profiles-'));
  private readonly spans: { name: string; fromUs: number; toUs: number }[] = [];
  /** PFT_CHILD_NODE_ARGS as it was, given back when the profiles are removed. */
  private readonly childNodeArgs = process.env.PFT_CHILD_NODE_ARGS;

  constructor() {
    process.env.PFT_CHILD_NODE_ARGS = [
      process.env.PFT_CHILD_NODE_ARGS,
      '--cpu-prof',
      `--cpu-prof-dir=${this.dir}`,
    ]
      .filter(Boolean)
      .join(' ');
  }

  /** Runs `work` as a span of its own, named `name`. */
  async span<T>(name: string, work: () => Promise<T>): Promise<T> {
    const fromUs = nowUs();
    try {
      return await work();
    } finally {
      this.record(name, fromUs, nowUs());
    }
  }

  /** A span timed elsewhere, in microseconds of the monotonic clock. */
  record(name: string, fromUs: number, toUs: number): void {
    this.spans.push({ name, fromUs, toUs });
  }

  /**
   * Each load with the threads that worked in it, the runs of a load of the same name together. Read
   * once every process has ended (a profile is written as its process exits); a load whose processes
   * wrote none has no threads.
   */
  summary(top = 12): ProfiledSpan[] {
    const profiles = readdirSync(this.dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((processDir) => {
        const files = readdirSync(join(this.dir, processDir.name)).filter((f) => f.endsWith('.cpuprofile'));
        // CPU.<date>.<time>.<pid>.<thread>.<sequence>.cpuprofile; thread 0 is the main thread.
        const parts = files.map((file) => file.split('.'));
        const severalProcesses = new Set(parts.map((p) => p[3])).size > 1;
        return files.map((file, i) => {
          const [, , , pid, thread] = parts[i]!;
          const name = severalProcesses ? `${processDir.name} (pid ${pid})` : processDir.name;
          return {
            process: Number(thread) > 0 ? `${name} thread ${thread}` : name,
            profile: JSON.parse(readFileSync(join(this.dir, processDir.name, file), 'utf8')) as CpuProfile,
          };
        });
      });
    const byName = new Map<string, Span[]>();
    for (const { name, fromUs, toUs } of this.spans)
      byName.set(name, [...(byName.get(name) ?? []), [fromUs, toUs]]);
    return [...byName].map(([name, spans]) => ({
      name,
      runs: spans.length,
      threads: profiles
        .map(({ process, profile }) => ({ process, ...profileOfSpans(profile, spans, top) }))
        .filter((thread) => thread.busy_ms >= thread.span_ms * MIN_BUSY_SHARE)
        .sort((a, b) => b.busy_ms - a.busy_ms),
    }));
  }

  /**
   * Deletes the profiles (the summary keeps what the report shows) and stops profiling what is started
   * after: the next benchmark of the same jest run profiles into a directory of its own. With
   * BENCH_PROFILE_KEEP set, the profiles are copied there first, with `spans.json` (each load's name,
   * start and end in microseconds of the monotonic clock, as the profiles' own times are), to be read
   * whole in a profile viewer or cut by span.
   */
  remove(): void {
    if (this.childNodeArgs === undefined) delete process.env.PFT_CHILD_NODE_ARGS;
    else process.env.PFT_CHILD_NODE_ARGS = this.childNodeArgs;
    const keep = process.env.BENCH_PROFILE_KEEP;
    if (keep) {
      writeFileSync(join(this.dir, 'spans.json'), JSON.stringify(this.spans, null, 2));
      cpSync(this.dir, keep, { recursive: true });
      console.log(`[bench] profiles kept in ${keep}`);
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
