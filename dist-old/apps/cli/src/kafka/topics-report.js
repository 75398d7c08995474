"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.TOPICS_DIFFER = void 0;
exports.printTopicsReport = printTopicsReport;
const platform_1 = require("../../../../libs/platform/src/index.js");
const output_1 = require("../output/output");
/** Exit code of `kafka topics` when existing topics differ from the configuration (and were left so). */
exports.TOPICS_DIFFER = 4;
/** A mismatch as `--json` shows it: the fix command beside it, and the plan with its file name. */
function mismatchJson(m, bootstrap) {
    const { topic, setting, actual, wanted } = m;
    const fix = (0, platform_1.fixCommand)(m, bootstrap);
    return m.setting === 'replication.factor'
        ? { topic, setting, actual, wanted, fix, planFile: (0, platform_1.planFile)(topic), plan: m.plan }
        : { topic, setting, actual: actual ?? null, wanted, fix };
}
/**
 * What `pft kafka topics` prints: created or existing topics on stdout, each difference with its fix
 * on stderr (or all of it as one JSON line); sets the exit code when differences remain.
 */
function printTopicsReport(out, report, fixed, options) {
    const remaining = report.mismatches.filter((m) => !fixed.includes(m));
    if (remaining.length > 0)
        process.exitCode = exports.TOPICS_DIFFER;
    if (options.json) {
        (0, output_1.printJson)(out, {
            created: report.created,
            existing: report.existing,
            fixed: fixed.map((m) => ({ topic: m.topic, setting: m.setting, value: m.wanted })),
            mismatches: remaining.map((m) => mismatchJson(m, options.bootstrap)),
        });
        return;
    }
    out.print(report.created.length ? `created topics: ${report.created.join(', ')}` : 'topics exist');
    for (const m of fixed)
        out.print(`${m.topic}: set ${m.setting}=${m.wanted}`);
    for (const m of remaining)
        for (const line of (0, platform_1.describeMismatch)(m, options.bootstrap))
            out.warn(line);
}
//# sourceMappingURL=topics-report.js.map