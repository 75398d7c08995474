"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.readPartitionsWithPlatformatic = readPartitionsWithPlatformatic;
const node_crypto_1 = require("node:crypto");
const kafka_1 = require("@platformatic/kafka");
const platformatic_errors_1 = require("./platformatic-errors");
/** Bytes asked per fetch of one partition. */
const FETCH_BYTES = 4 * 1024 * 1024;
const headers = (record) => Object.fromEntries(record.headers
    .filter(([k]) => k !== null)
    .map(([k, v]) => [k.toString('utf8'), v?.toString('utf8') ?? '']));
/**
 * Reads offset ranges back with plain fetch requests to each partition's leader: the consumer is
 * never a group member (the client wants a group name all the same; none is joined).
 */
async function readPartitionsWithPlatformatic(base, topic, ranges, timeoutMs) {
    const deadline = Date.now() + timeoutMs;
    const consumer = new kafka_1.Consumer({ ...base, groupId: `pft-read-${(0, node_crypto_1.randomUUID)()}` });
    const read = [];
    try {
        for (const range of ranges) {
            let next = BigInt(range.from);
            const end = BigInt(range.to);
            while (next < end) {
                if (Date.now() > deadline)
                    throw new Error(`reading ${topic} back took longer than ${timeoutMs} ms`);
                const metadata = await (0, platformatic_errors_1.translated)(() => consumer.metadata({ topics: [topic] }));
                const described = metadata.topics.get(topic);
                const leader = described?.partitions[range.partition]?.leader;
                if (!described || leader === undefined || leader < 0)
                    throw new Error(`no leader for ${topic} partition ${range.partition}`);
                const response = await (0, platformatic_errors_1.translated)(() => consumer.fetch({
                    node: leader,
                    maxWaitTime: 100,
                    maxBytes: FETCH_BYTES,
                    topics: [
                        {
                            topicId: described.id,
                            partitions: [
                                {
                                    partition: range.partition,
                                    fetchOffset: next,
                                    currentLeaderEpoch: -1,
                                    lastFetchedEpoch: -1,
                                    partitionMaxBytes: FETCH_BYTES,
                                },
                            ],
                        },
                    ],
                }));
                const partition = response.responses[0]?.partitions[0];
                if (!partition)
                    continue;
                for (const batch of partition.records ?? []) {
                    const last = batch.firstOffset + BigInt(batch.lastOffsetDelta);
                    if (!(batch.attributes & kafka_1.IS_CONTROL)) {
                        for (const record of batch.records) {
                            const offset = batch.firstOffset + BigInt(record.offsetDelta);
                            if (offset < next || offset >= end)
                                continue;
                            read.push({
                                partition: range.partition,
                                offset: String(offset),
                                key: record.key,
                                value: record.value,
                                headers: headers(record),
                            });
                        }
                    }
                    if (last >= next)
                        next = last + 1n;
                }
                // The range reaches past what the partition holds: everything there is has been read.
                if (partition.highWatermark <= next)
                    break;
            }
        }
    }
    finally {
        await consumer.close().catch(() => undefined);
    }
    return read;
}
//# sourceMappingURL=platformatic-range-reader.js.map