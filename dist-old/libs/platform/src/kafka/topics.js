"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __exportStar = (this && this.__exportStar) || function(m, exports) {
    for (var p in m) if (p !== "default" && !Object.prototype.hasOwnProperty.call(exports, p)) __createBinding(exports, m, p);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.pilotTopics = pilotTopics;
exports.ensureTopics = ensureTopics;
exports.fixMinInsync = fixMinInsync;
const promises_1 = require("node:timers/promises");
const topic_replication_1 = require("./topic-replication");
__exportStar(require("./topic-replication"), exports);
function pilotTopics(config) {
    const replication = (0, topic_replication_1.topicReplication)(config);
    return [
        {
            topic: config.PILOT_EVENTS_TOPIC,
            numPartitions: config.PILOT_EVENTS_PARTITIONS,
            retentionMs: -1,
            replication,
        },
        { topic: config.DEAD_LETTER_TOPIC, numPartitions: 1, retentionMs: -1, replication },
    ];
}
const ONE_COPY = { factor: 1, minInsync: 1 };
/**
 * Creates the missing topics with their partitions, retention, replicas and min.insync.replicas,
 * and checks the existing ones. Refuses (KafkaTopicsError) when the cluster has fewer live brokers
 * than a topic's replicas, and when an existing topic has another partition count (that would
 * silently move keys). Other differences are reported, not changed.
 */
async function ensureTopics(kafka, specs) {
    const admin = kafka.admin();
    await admin.connect();
    try {
        const { brokers, brokerIds } = await admin.describeCluster();
        (0, topic_replication_1.checkBrokerCount)(brokers, Math.max(1, ...specs.map((s) => (s.replication ?? ONE_COPY).factor)));
        const listed = new Set(await admin.listTopics());
        const missing = specs.filter((s) => !listed.has(s.topic));
        if (missing.length > 0) {
            await admin.createTopics(missing.map(({ replication = ONE_COPY, ...s }) => ({
                ...s,
                replicationFactor: replication.factor,
                minInsyncReplicas: replication.minInsync,
            })));
        }
        const present = specs.filter((s) => listed.has(s.topic));
        const mismatches = present.length > 0 ? await checkExisting(admin, present, brokerIds) : [];
        return {
            created: missing.map((s) => s.topic),
            existing: present.map((s) => s.topic),
            mismatches,
            brokerIds,
        };
    }
    finally {
        await admin.disconnect();
    }
}
async function checkExisting(admin, present, brokerIds) {
    for (const topic of await admin.topicPartitions(present.map((s) => s.topic))) {
        const wanted = present.find((s) => s.topic === topic.topic);
        if (wanted && topic.partitions !== wanted.numPartitions) {
            throw new topic_replication_1.KafkaTopicsError('KAFKA_TOPIC_PARTITIONS', `Topic ${topic.topic} has ${topic.partitions} partitions, configuration says ${wanted.numPartitions}`);
        }
    }
    const replicas = await admin.topicReplicas(present.map((s) => s.topic));
    const mismatches = [];
    for (const spec of present) {
        const described = replicas.find((r) => r.topic === spec.topic);
        if (!described)
            continue;
        const config = await admin.topicConfig(spec.topic, ['min.insync.replicas']);
        const existing = { replicas: described, minInsync: config['min.insync.replicas'] };
        mismatches.push(...(0, topic_replication_1.replicationMismatches)([existing], spec.replication ?? ONE_COPY, brokerIds));
    }
    return mismatches;
}
/** How long `fixMinInsync` reads a setting back before it calls the fix not applied. */
const APPLIED_WITHIN_MS = 10_000;
const READ_BACK_EVERY_MS = 200;
/**
 * Sets min.insync.replicas on the topics where a mismatch says it may be set now (never above
 * the replicas a topic has); answers the mismatches it fixed, once the brokers say so. The controller
 * accepts a change at once, and each broker applies it from the metadata log a moment later; until
 * then the broker that answers still reports the old value. So each value is read back until it shows
 * (at most `appliedWithinMs`), and a check made right after the fix finds it; one that does not show
 * is refused as KAFKA_SETTING_NOT_APPLIED.
 */
async function fixMinInsync(kafka, mismatches, options = {}) {
    const fixable = mismatches.filter((m) => m.setting === 'min.insync.replicas' && m.fixable);
    if (fixable.length === 0)
        return [];
    const admin = kafka.admin();
    await admin.connect();
    try {
        for (const m of fixable) {
            await admin.alterTopicConfig(m.topic, { 'min.insync.replicas': String(m.wanted) });
        }
        const deadline = Date.now() + (options.appliedWithinMs ?? APPLIED_WITHIN_MS);
        for (const m of fixable)
            await readBack(admin, m, deadline);
        return fixable;
    }
    finally {
        await admin.disconnect();
    }
}
/** Waits until the brokers report the value `m` wants; refuses once `deadline` has passed without it. */
async function readBack(admin, m, deadline) {
    for (;;) {
        const reported = (await admin.topicConfig(m.topic, ['min.insync.replicas']))['min.insync.replicas'];
        if (reported === String(m.wanted))
            return;
        if (Date.now() >= deadline) {
            throw new topic_replication_1.KafkaTopicsError('KAFKA_SETTING_NOT_APPLIED', `Topic ${m.topic}: min.insync.replicas was set to ${m.wanted}, but the brokers still report ${reported ?? 'no value'}; run the command again to check it`);
        }
        await (0, promises_1.setTimeout)(READ_BACK_EVERY_MS);
    }
}
//# sourceMappingURL=topics.js.map