"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.OUTBOX_STATE_SQL = void 0;
exports.reportOutboxState = reportOutboxState;
const prom_client_1 = require("prom-client");
const metric_once_1 = require("../../platform/src/metrics/metric-once.js");
/**
 * One cheap statement: the count walks only the outbox's primary key (a handful of rows while the
 * relay keeps up), and the oldest event is found by the smallest position, one index look-up each.
 * Ages are taken on the database's clock, the one `occurred_at` was written with.
 */
exports.OUTBOX_STATE_SQL = `
  select count(*)::float8 as events,
         coalesce(extract(epoch from clock_timestamp() - (
           select e.occurred_at from events e where e.position = (select min(position) from event_outbox)
         )), 0)::float8 as oldest_age_seconds
    from event_outbox`;
/** How long a scrape waits for the database before reporting the outbox as unknown. */
const SCRAPE_WAIT_MS = 2000;
let source;
let inFlight;
/** Both gauges are collected in one scrape: they share one query. */
function current() {
    const read = source;
    if (!read)
        return Promise.resolve(undefined);
    inFlight ??= Promise.race([
        read(),
        new Promise((resolve) => setTimeout(() => resolve(undefined), SCRAPE_WAIT_MS).unref()),
    ])
        .catch(() => undefined)
        .finally(() => (inFlight = undefined));
    return inFlight;
}
/**
 * Reports the outbox through `read` from now on; the returned function stops it (when the app that
 * gave `read` closes). Without a source the gauges are NaN.
 */
function reportOutboxState(read) {
    registerOutboxGauges();
    source = read;
    return () => {
        if (source === read)
            source = undefined;
    };
}
/**
 * Registered by the first process part that reports the outbox (not on import: the partner API
 * imports the event store too). Read when scraped, never between scrapes; while the database cannot
 * say, both are NaN (unknown) rather than a stale or a zero value.
 */
function registerOutboxGauges() {
    (0, metric_once_1.metricOnce)('pft_outbox_events', () => new prom_client_1.Gauge({
        name: 'pft_outbox_events',
        help: 'Events committed and not yet published to Kafka (the outbox), read when scraped; NaN when the database cannot say',
        async collect() {
            this.set((await current())?.events ?? NaN);
        },
    }));
    (0, metric_once_1.metricOnce)('pft_outbox_oldest_event_age_seconds', () => new prom_client_1.Gauge({
        name: 'pft_outbox_oldest_event_age_seconds',
        help: 'Age of the oldest event not yet published (0 when the outbox is empty), read when scraped; NaN when the database cannot say',
        async collect() {
            this.set((await current())?.oldestAgeSeconds ?? NaN);
        },
    }));
}
//# sourceMappingURL=outbox-metrics.js.map