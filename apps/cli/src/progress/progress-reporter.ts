import { MultiBar, Presets, type SingleBar } from 'cli-progress';
import {
  formatDuration,
  formatProgressLine,
  ProgressEstimator,
  type ProgressSnapshot,
} from './progress-line';

/** What the reporter needs of process.stderr. */
export interface ProgressStream {
  isTTY?: boolean;
  write(chunk: string): boolean;
}

export interface ProgressReporterOptions {
  /** Where progress goes: stderr, so that stdout holds only the command's result. */
  stream: ProgressStream;
  /** Without a terminal: one line this often, and one when the work ends. */
  intervalMs: number;
  now?: () => number;
}

export interface ProgressReporter {
  /** The work's latest state; the label says what is being done (`pilot_totals version 3`). */
  update(label: string, snapshot: ProgressSnapshot): void;
  /**
   * A line to print while the work runs (a warning): above the bar in a terminal, which is drawn again
   * below it rather than broken by it; without one, a line among the progress lines.
   */
  print(line: string): void;
  stop(): void;
}

/**
 * Progress of long work: a bar redrawn in place in a terminal; in a log without one (CI, nohup),
 * where a bar prints nothing, a plain line at the start, then every `intervalMs`, and at the end.
 */
export function startProgress(options: ProgressReporterOptions): ProgressReporter {
  return options.stream.isTTY ? new BarReporter(options) : new LineReporter(options);
}

class LineReporter implements ProgressReporter {
  private readonly estimator = new ProgressEstimator();
  private readonly now: () => number;
  private latest: { label: string; snapshot: ProgressSnapshot } | undefined;
  private printed: { label: string; snapshot: ProgressSnapshot } | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly options: ProgressReporterOptions) {
    this.now = options.now ?? Date.now;
    this.timer = setInterval(() => this.printProgress(), options.intervalMs);
    // Progress lines never keep the process alive once the work is done.
    this.timer.unref();
  }

  update(label: string, snapshot: ProgressSnapshot): void {
    const first = this.latest === undefined;
    this.latest = { label, snapshot };
    if (first) this.printProgress();
  }

  print(line: string): void {
    this.options.stream.write(`${line}\n`);
  }

  stop(): void {
    clearInterval(this.timer);
    if (this.latest !== this.printed) this.printProgress();
  }

  private printProgress(): void {
    if (!this.latest) return;
    const at = this.now();
    const { label, snapshot } = this.latest;
    const estimate = this.estimator.estimate(snapshot, at);
    this.options.stream.write(`${formatProgressLine(label, snapshot, estimate, new Date(at))}\n`);
    this.printed = this.latest;
  }
}

class BarReporter implements ProgressReporter {
  private readonly estimator = new ProgressEstimator();
  private readonly now: () => number;
  private readonly bars: MultiBar;
  private bar?: SingleBar;

  constructor(private readonly options: ProgressReporterOptions) {
    this.now = options.now ?? Date.now;
    // One bar of cli-progress's multi-bar, whose log prints lines above its bars.
    this.bars = new MultiBar(
      {
        format:
          '{label} [{bar}] {percentage}% | {value}/{total} events | {rate} events/s | ETA {eta_text} | lag {lag}',
        stream: options.stream as NodeJS.WritableStream,
      },
      Presets.shades_classic,
    );
  }

  update(label: string, snapshot: ProgressSnapshot): void {
    const estimate = this.estimator.estimate(snapshot, this.now());
    const payload = {
      label,
      rate: Math.round(estimate.rate),
      eta_text: formatDuration(estimate.etaSeconds),
      lag: snapshot.lag,
    };
    this.bar ??= this.bars.create(snapshot.total, snapshot.done, payload);
    this.bar.setTotal(snapshot.total);
    this.bar.update(snapshot.done, payload);
  }

  print(line: string): void {
    if (!this.bar) {
      this.options.stream.write(`${line}\n`);
      return;
    }
    this.bars.log(`${line}\n`);
    this.bars.update();
  }

  stop(): void {
    if (this.bar) this.bars.stop();
  }
}
