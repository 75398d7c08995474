/**
 * What a V8 CPU profile (`node --cpu-prof`) says about a span of time: where one thread spent it, by
 * function, self time only. The profile's timestamps are microseconds of the monotonic clock that
 * `process.hrtime` reads, one clock for every process of the machine, so a span timed by another
 * process (a benchmark's load, say) picks its own part out of the profile of the app it loaded.
 */

/** The parts of a `.cpuprofile` read here. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  /** Microseconds, the monotonic clock. */
  startTime: number;
  endTime: number;
  /** The node sampled, one per sample. */
  samples: number[];
  /** Microseconds from the sample before (the first: from startTime). */
  timeDeltas: number[];
}

export interface FrameTime {
  /** The function and where it is: `name (file:line)`, builtins and V8's own entries by name alone. */
  frame: string;
  self_ms: number;
  /** Its self time as a share of the thread's busy time in the span. */
  share_of_busy: number;
}

export interface SpanProfile {
  /** The spans' length, all together. */
  span_ms: number;
  /** Sampled time not idle (idle: the thread waited for I/O or a timer). */
  busy_ms: number;
  /** Garbage collection, part of busy. */
  gc_ms: number;
  /** The functions that took the most self time, the most first. */
  top: FrameTime[];
}

const IDLE = '(idle)';
const GC = '(garbage collector)';

/**
 * Where a frame's script is, short: our build's files from the app's root (`libs/...`, `apps/...`),
 * a package's from its name, Node's own as Node names them.
 */
function scriptOf(url: string): string {
  const path = url.replace(/^file:\/\//, '');
  const inPackage = path.lastIndexOf('/node_modules/');
  if (inPackage >= 0) return path.slice(inPackage + '/node_modules/'.length);
  const ours = /\/(?:apps|libs)\/.*$/.exec(path);
  if (ours) return ours[0].slice(1);
  return path;
}

export function frameName(callFrame: CpuProfile['nodes'][number]['callFrame']): string {
  const name = callFrame.functionName || '(anonymous)';
  if (!callFrame.url) return name;
  return `${name} (${scriptOf(callFrame.url)}:${callFrame.lineNumber + 1})`;
}

const ms = (us: number): number => +(us / 1000).toFixed(1);

/** A span of time, in microseconds of the monotonic clock: from its start up to (not including) its end. */
export type Span = readonly [fromUs: number, toUs: number];

/**
 * The profile's samples taken within the spans (the same load run several times, say), each counted
 * for the time until the next sample (the last until the profile's end) and cut at its span's end,
 * summed by frame.
 */
export function profileOfSpans(profile: CpuProfile, spans: readonly Span[], top = 12): SpanProfile {
  const names = new Map(profile.nodes.map((n) => [n.id, frameName(n.callFrame)]));
  const selfUs = new Map<string, number>();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    const span = spans.find(([from, to]) => at >= from && at < to);
    if (!span) continue;
    const next = i + 1 < profile.samples.length ? at + (profile.timeDeltas[i + 1] ?? 0) : profile.endTime;
    const name = names.get(profile.samples[i]!) ?? '(unknown)';
    selfUs.set(name, (selfUs.get(name) ?? 0) + Math.max(0, Math.min(next, span[1]) - at));
  }
  const busyUs = [...selfUs].reduce((sum, [name, us]) => (name === IDLE ? sum : sum + us), 0);
  return {
    span_ms: ms(spans.reduce((sum, [from, to]) => sum + (to - from), 0)),
    busy_ms: ms(busyUs),
    gc_ms: ms(selfUs.get(GC) ?? 0),
    top: [...selfUs]
      .filter(([name]) => name !== IDLE)
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([frame, us]) => ({ frame, self_ms: ms(us), share_of_busy: +(us / busyUs).toFixed(3) })),
  };
}
