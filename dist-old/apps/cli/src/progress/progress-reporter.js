"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.startProgress = startProgress;
const cli_progress_1 = require("cli-progress");
const progress_line_1 = require("./progress-line");
/**
 * Progress of long work: a bar redrawn in place in a terminal; in a log without one (CI, nohup),
 * where a bar prints nothing, a plain line at the start, then every `intervalMs`, and at the end.
 */
function startProgress(options) {
    return options.stream.isTTY ? new BarReporter(options) : new LineReporter(options);
}
class LineReporter {
    options;
    estimator = new progress_line_1.ProgressEstimator();
    now;
    latest;
    printed;
    timer;
    constructor(options) {
        this.options = options;
        this.now = options.now ?? Date.now;
        this.timer = setInterval(() => this.print(), options.intervalMs);
        // Progress lines never keep the process alive once the work is done.
        this.timer.unref();
    }
    update(label, snapshot) {
        const first = this.latest === undefined;
        this.latest = { label, snapshot };
        if (first)
            this.print();
    }
    stop() {
        clearInterval(this.timer);
        if (this.latest !== this.printed)
            this.print();
    }
    print() {
        if (!this.latest)
            return;
        const at = this.now();
        const { label, snapshot } = this.latest;
        const estimate = this.estimator.estimate(snapshot, at);
        this.options.stream.write(`${(0, progress_line_1.formatProgressLine)(label, snapshot, estimate, new Date(at))}\n`);
        this.printed = this.latest;
    }
}
class BarReporter {
    estimator = new progress_line_1.ProgressEstimator();
    now;
    bar;
    started = false;
    constructor(options) {
        this.now = options.now ?? Date.now;
        this.bar = new cli_progress_1.Bar({
            format: '{label} [{bar}] {percentage}% | {value}/{total} events | {rate} events/s | ETA {eta_text} | lag {lag}',
            stream: options.stream,
        }, cli_progress_1.Presets.shades_classic);
    }
    update(label, snapshot) {
        const estimate = this.estimator.estimate(snapshot, this.now());
        const payload = {
            label,
            rate: Math.round(estimate.rate),
            eta_text: (0, progress_line_1.formatDuration)(estimate.etaSeconds),
            lag: snapshot.lag,
        };
        if (!this.started) {
            this.bar.start(snapshot.total, snapshot.done, payload);
            this.started = true;
        }
        this.bar.setTotal(snapshot.total);
        this.bar.update(snapshot.done, payload);
    }
    stop() {
        if (this.started)
            this.bar.stop();
    }
}
//# sourceMappingURL=progress-reporter.js.map