"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.readPartitionsWithKafkajs = readPartitionsWithKafkajs;
const node_crypto_1 = require("node:crypto");
const kafkajs_errors_1 = require("./kafkajs-errors");
const headerText = (value) => Buffer.isBuffer(value)
    ? value.toString('utf8')
    : Array.isArray(value)
        ? headerText(value[0])
        : String(value);
/**
 * Reads offset ranges back with a consumer of a group of its own, used once: kafkajs fetches only
 * for a group member. It commits nothing and seeks each partition to its range's start; batches
 * fetched before a seek took effect begin at the partition's end (the group has no offsets), past
 * every range, and are ignored.
 */
async function readPartitionsWithKafkajs(kafka, topic, ranges, timeoutMs) {
    const wanted = ranges.filter((r) => BigInt(r.from) < BigInt(r.to));
    if (wanted.length === 0)
        return [];
    const next = new Map(wanted.map((r) => [r.partition, BigInt(r.from)]));
    const ends = new Map(wanted.map((r) => [r.partition, BigInt(r.to)]));
    const read = [];
    let finish = () => undefined;
    const finished = new Promise((resolve) => (finish = resolve));
    const take = (batch) => {
        const end = ends.get(batch.partition);
        let from = next.get(batch.partition);
        if (end === undefined || from === undefined)
            return;
        for (const m of batch.messages) {
            const offset = BigInt(m.offset);
            if (offset < from || offset >= end)
                continue;
            read.push({
                partition: batch.partition,
                offset: m.offset,
                key: m.key ?? null,
                value: m.value ?? null,
                headers: Object.fromEntries(Object.entries(m.headers ?? {}).map(([k, v]) => [k, headerText(v)])),
            });
            from = offset + 1n;
        }
        // A batch that starts within what is still to read covers it up to its last offset (also control records).
        const first = batch.firstOffset();
        if (first !== null && BigInt(first) <= from)
            from = BigInt(batch.lastOffset()) + 1n;
        next.set(batch.partition, from);
        if (wanted.every((r) => next.get(r.partition) >= ends.get(r.partition)))
            finish();
    };
    const consumer = kafka.consumer({ groupId: `pft-read-${(0, node_crypto_1.randomUUID)()}`, maxWaitTimeInMs: 100 });
    let timer;
    try {
        await (0, kafkajs_errors_1.translated)(() => consumer.connect());
        await (0, kafkajs_errors_1.translated)(() => consumer.subscribe({ topics: [topic], fromBeginning: false }));
        await (0, kafkajs_errors_1.translated)(() => consumer.run({ autoCommit: false, eachBatch: ({ batch }) => Promise.resolve(take(batch)) }));
        for (const r of wanted)
            consumer.seek({ topic, partition: r.partition, offset: r.from });
        await Promise.race([
            finished,
            new Promise((_, reject) => {
                timer = setTimeout(() => reject(new Error(`reading ${topic} back took longer than ${timeoutMs} ms`)), timeoutMs);
            }),
        ]);
    }
    finally {
        clearTimeout(timer);
        await consumer.disconnect().catch(() => undefined);
    }
    return read.sort((a, b) => a.partition - b.partition || Number(BigInt(a.offset) - BigInt(b.offset)));
}
//# sourceMappingURL=kafkajs-range-reader.js.map