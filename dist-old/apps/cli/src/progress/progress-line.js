"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ProgressEstimator = void 0;
exports.formatDuration = formatDuration;
exports.percentDone = percentDone;
exports.formatProgressLine = formatProgressLine;
/** Estimates rate and time left from a baseline, so a resumed run does not count what was done before. */
class ProgressEstimator {
    first;
    estimate(snapshot, at) {
        this.first ??= { at, done: snapshot.done };
        const seconds = (at - this.first.at) / 1000;
        const rate = seconds > 0 ? Math.max(0, (snapshot.done - this.first.done) / seconds) : 0;
        const left = Math.max(0, snapshot.total - snapshot.done);
        return { rate, etaSeconds: left === 0 ? 0 : rate > 0 ? left / rate : undefined };
    }
}
exports.ProgressEstimator = ProgressEstimator;
/** `45s`, `3m05s`, `2h07m`; `unknown` when there is no estimate yet. */
function formatDuration(seconds) {
    if (seconds === undefined || !Number.isFinite(seconds))
        return 'unknown';
    const whole = Math.ceil(seconds);
    if (whole < 60)
        return `${whole}s`;
    const pad = (n) => String(n).padStart(2, '0');
    if (whole < 3600)
        return `${Math.floor(whole / 60)}m${pad(whole % 60)}s`;
    return `${Math.floor(whole / 3600)}h${pad(Math.floor((whole % 3600) / 60))}m`;
}
/** The percentage done, whole, never above 100; 100 for empty work. */
function percentDone(snapshot) {
    if (snapshot.total <= 0)
        return 100;
    return Math.min(100, Math.floor((snapshot.done / snapshot.total) * 100));
}
/**
 * One line of progress for a log without a terminal (CI, nohup), e.g.
 * `2026-11-25T03:40:05.000Z pilot_totals version 3: 1200/5000 events (24%), 850 events/s, ETA 5s, lag 3800`.
 */
function formatProgressLine(label, snapshot, estimate, at) {
    return (`${at.toISOString()} ${label}: ${snapshot.done}/${snapshot.total} events (${percentDone(snapshot)}%), ` +
        `${Math.round(estimate.rate)} events/s, ETA ${formatDuration(estimate.etaSeconds)}, lag ${snapshot.lag}`);
}
//# sourceMappingURL=progress-line.js.map