"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RebuildInterruptedError = void 0;
exports.rebuildPilotTotals = rebuildPilotTotals;
const pilot_totals_consumer_1 = require("./pilot-totals.consumer");
const projection_versions_1 = require("./projection-versions");
class RebuildInterruptedError extends Error {
    version;
    constructor(version) {
        super(`rebuild of version ${version} interrupted; run it again to resume`);
        this.version = version;
    }
}
exports.RebuildInterruptedError = RebuildInterruptedError;
/**
 * Builds the next version of the pilot totals tables from offset 0 with its own consumer group,
 * while the active version keeps serving; switches readers once it has caught up, then drops the
 * old tables. Interrupted, it resumes: the version being built and its stored offsets survive.
 */
async function rebuildPilotTotals(options) {
    const started = Date.now();
    const { version, resumed } = await (0, projection_versions_1.beginRebuild)(options.dataSource);
    const consumer = new pilot_totals_consumer_1.PilotTotalsConsumer({
        kafka: options.kafka,
        dataSource: options.dataSource,
        topic: options.topic,
        deadLetterTopic: options.deadLetterTopic,
        version,
        concurrency: options.concurrency,
        maxBytesPerPartition: options.maxBytesPerPartition,
        logger: options.logger,
    });
    await consumer.start();
    let messages;
    try {
        for (;;) {
            const partitions = await consumer.refreshFreshness();
            const total = partitions.reduce((sum, p) => sum + p.high, 0);
            const done = partitions.reduce((sum, p) => sum + Math.min(p.next, p.high), 0);
            messages = done;
            options.onProgress?.({ version, done, total, lag: total - done });
            if (options.signal?.aborted)
                throw new RebuildInterruptedError(version);
            if (partitions.every((p) => p.next >= p.high))
                break;
            await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 500));
        }
    }
    finally {
        await consumer.stop();
    }
    await options.beforeSwitch?.(version);
    const previous = await (0, projection_versions_1.switchToVersion)(options.dataSource, version);
    await options.afterSwitch?.(version);
    await (0, projection_versions_1.dropVersion)(options.dataSource, previous);
    return { version, previous, resumed, messages, seconds: (Date.now() - started) / 1000 };
}
//# sourceMappingURL=projection-rebuild.js.map