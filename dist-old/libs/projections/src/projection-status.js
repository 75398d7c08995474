"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.readProjectionStatus = readProjectionStatus;
const projection_tables_1 = require("./projection-tables");
const projection_versions_1 = require("./projection-versions");
/** What `pft projections status` shows: versions, lag per partition, dead letters. */
async function readProjectionStatus(dataSource, kafka, topic) {
    const { active, building, switchedAt } = await (0, projection_versions_1.readProjectionVersions)(dataSource);
    const admin = kafka.admin();
    await admin.connect();
    let ends;
    try {
        ends = await admin.fetchTopicOffsets(topic);
    }
    finally {
        await admin.disconnect();
    }
    const versions = [];
    for (const [version, role] of [
        [active, 'active'],
        ...(building === null ? [] : [[building, 'building']]),
    ]) {
        const offsets = await dataSource.query(`select kafka_partition, next_offset, complete_through from projection_offsets where projection = $1 and version = $2`, [projection_tables_1.PILOT_TOTALS_PROJECTION, version]);
        const byPartition = new Map(offsets.map((o) => [o.kafka_partition, o]));
        const partitions = ends
            .map(({ partition, high }) => {
            const stored = byPartition.get(partition);
            const next = Number(stored?.next_offset ?? 0);
            return {
                partition,
                end: Number(high),
                next,
                lag: Math.max(0, Number(high) - next),
                completeThrough: stored?.complete_through ?? null,
            };
        })
            .sort((a, b) => a.partition - b.partition);
        const [dead] = await dataSource.query(`select count(*)::int as count, max(recorded_at) as last from projection_dead_letters where projection = $1 and version = $2`, [projection_tables_1.PILOT_TOTALS_PROJECTION, version]);
        const [last] = await dataSource.query(`select recorded_at, reason, kafka_partition, kafka_offset from projection_dead_letters
        where projection = $1 and version = $2 order by recorded_at desc, kafka_offset desc limit 1`, [projection_tables_1.PILOT_TOTALS_PROJECTION, version]);
        versions.push({
            version,
            role,
            partitions,
            lag: partitions.reduce((sum, p) => sum + p.lag, 0),
            deadLetters: dead?.count ?? 0,
            lastDeadLetter: last
                ? {
                    at: last.recorded_at,
                    reason: last.reason,
                    partition: last.kafka_partition,
                    offset: last.kafka_offset,
                }
                : null,
        });
    }
    return { projection: projection_tables_1.PILOT_TOTALS_PROJECTION, topic, switchedAt, versions };
}
//# sourceMappingURL=projection-status.js.map