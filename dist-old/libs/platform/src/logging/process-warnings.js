"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.logProcessWarnings = logProcessWarnings;
/**
 * Node prints a process warning (a deprecation, a library's negative timeout, an experimental
 * feature) as plain text on stderr, between the JSON log lines. This replaces that printer (the
 * process's only 'warning' listener): each warning becomes a `warn` line of the app's logger, with
 * its name and code as fields. Warnings are emitted on the next tick, so one emitted while the app's
 * modules load still arrives here.
 */
function logProcessWarnings(log, target = process) {
    target.removeAllListeners('warning');
    target.on('warning', (warning) => {
        log.warn({ warning: warning.name, ...(warning.code === undefined ? {} : { code: warning.code }) }, warning.message, 'process');
    });
}
//# sourceMappingURL=process-warnings.js.map