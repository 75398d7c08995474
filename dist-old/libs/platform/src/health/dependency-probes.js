"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DependencyProbes = void 0;
const common_1 = require("@nestjs/common");
const prom_client_1 = require("prom-client");
const metric_once_1 = require("../metrics/metric-once");
const readiness_check_1 = require("./readiness-check");
/**
 * The probes of this process. The gauge asks them when it is read, so a scrape always sees the state
 * of that moment, whether or not anything asked for readiness since. One app runs per process; apps
 * started side by side in one test process would share the gauge's series.
 */
const scraped = new Set();
const dependencyUp = (0, metric_once_1.metricOnce)('pft_dependency_up', () => new prom_client_1.Gauge({
    name: 'pft_dependency_up',
    help: 'Whether a dependency of this app answers (1) or not (0), checked when this is read',
    labelNames: ['dependency'],
    async collect() {
        await Promise.all([...scraped].map((probes) => probes.probe()));
    },
}));
/**
 * Checks the app's dependencies through the app's own clients. However often readiness is asked
 * (a load balancer, several, and the metrics scrape), each dependency has at most one check in
 * flight: a probe that finds one running waits for that one rather than start another, so an outage
 * never piles up connection attempts. A probe waits at most `timeoutMs`; the check it joined goes on
 * until its client's own time limit ends it.
 */
class DependencyProbes {
    checks;
    timeoutMs;
    logger = new common_1.Logger('health');
    inFlight = new Map();
    last = new Map();
    constructor(checks, timeoutMs) {
        this.checks = checks;
        this.timeoutMs = timeoutMs;
        scraped.add(this);
    }
    async probe() {
        return Promise.all(this.checks.map(async ({ check, role }) => {
            const outcome = await (0, readiness_check_1.withTimeout)(this.attempt(check), this.timeoutMs, check.name).catch((err) => ({ state: 'down', reason: messageOf(err) }));
            this.record(check.name, role, outcome);
            return { name: check.name, role, state: outcome.state };
        }));
    }
    onApplicationShutdown() {
        scraped.delete(this);
    }
    /** The check in flight for this dependency, or a new one when none is. */
    attempt(check) {
        let attempt = this.inFlight.get(check.name);
        if (!attempt) {
            attempt = Promise.resolve()
                .then(() => check.check())
                .then(() => ({ state: 'up' }), (err) => ({ state: 'down', reason: messageOf(err) }))
                .finally(() => this.inFlight.delete(check.name));
            this.inFlight.set(check.name, attempt);
        }
        return attempt;
    }
    /** Sets the gauge; logs a change of state once, not every probe that sees it. */
    record(name, role, outcome) {
        dependencyUp.set({ dependency: name }, outcome.state === 'up' ? 1 : 0);
        const before = this.last.get(name);
        this.last.set(name, outcome.state);
        if (before === outcome.state)
            return;
        if (outcome.state === 'down') {
            const effect = role === 'required' ? 'not ready until it is back' : 'serving without it';
            this.logger.warn({ dependency: name, role, reason: outcome.reason }, `${name} is down: ${effect}`);
        }
        else if (before === 'down') {
            this.logger.log({ dependency: name, role }, `${name} answers again`);
        }
    }
}
exports.DependencyProbes = DependencyProbes;
function messageOf(err) {
    return err instanceof Error ? err.message : String(err);
}
//# sourceMappingURL=dependency-probes.js.map