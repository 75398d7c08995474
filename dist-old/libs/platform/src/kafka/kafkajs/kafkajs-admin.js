"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.KafkajsAdmin = void 0;
const kafkajs_1 = require("kafkajs");
const topic_configs_1 = require("../topic-configs");
const kafkajs_errors_1 = require("./kafkajs-errors");
const LEADER_WAIT_MS = 10_000;
class KafkajsAdmin {
    admin;
    constructor(admin) {
        this.admin = admin;
    }
    connect() {
        return (0, kafkajs_errors_1.translated)(() => this.admin.connect());
    }
    disconnect() {
        return (0, kafkajs_errors_1.translated)(() => this.admin.disconnect());
    }
    async describeCluster() {
        const cluster = await (0, kafkajs_errors_1.translated)(() => this.admin.describeCluster());
        const brokerIds = cluster.brokers.map((b) => b.nodeId).sort((a, b) => a - b);
        return { brokers: brokerIds.length, brokerIds };
    }
    listTopics() {
        return (0, kafkajs_errors_1.translated)(() => this.admin.listTopics());
    }
    async createTopics(topics) {
        const created = await (0, kafkajs_errors_1.translated)(() => this.admin.createTopics({
            // kafkajs's own wait asks the controller's broker once and gives up when that broker does
            // not know the topic yet, as happens in a cluster: waitForLeaders below asks again.
            waitForLeaders: false,
            topics: topics.map((t) => ({
                topic: t.topic,
                numPartitions: t.numPartitions,
                replicationFactor: t.replicationFactor,
                configEntries: Object.entries((0, topic_configs_1.newTopicConfigs)(t)).map(([name, value]) => ({ name, value })),
            })),
        }));
        if (created)
            await this.waitForLeaders(topics.map((t) => t.topic));
        return created;
    }
    /** A topic is usable once every broker asked knows it and each of its partitions has a leader. */
    async waitForLeaders(topics) {
        const deadline = Date.now() + LEADER_WAIT_MS;
        for (;;) {
            const metadata = await this.admin.fetchTopicMetadata({ topics }).catch(() => undefined);
            const led = metadata !== undefined &&
                topics.every((name) => {
                    const topic = metadata.topics.find((t) => t.name === name);
                    return topic !== undefined && topic.partitions.every((p) => p.leader >= 0);
                });
            if (led || Date.now() > deadline)
                return;
            await new Promise((resolve) => setTimeout(resolve, 100));
        }
    }
    /** The topics' metadata, asked again while a broker does not know a topic yet (whileUnknown). */
    metadata(topics) {
        return whileUnknown(() => this.admin.fetchTopicMetadata({ topics }));
    }
    async topicPartitions(topics) {
        const metadata = await this.metadata(topics);
        return metadata.topics.map((t) => ({ topic: t.name, partitions: t.partitions.length }));
    }
    async topicConfig(topic, names) {
        const described = await whileUnknown(() => this.admin.describeConfigs({
            includeSynonyms: false,
            resources: [{ type: kafkajs_1.ConfigResourceTypes.TOPIC, name: topic, configNames: names }],
        }));
        const entries = described.resources[0]?.configEntries ?? [];
        return Object.fromEntries(entries.map((e) => [e.configName, e.configValue]));
    }
    /**
     * kafkajs has only AlterConfigs, which replaces every value set on the topic: the values the topic
     * has of its own are read first and sent again beside the new ones.
     */
    async alterTopicConfig(topic, values) {
        const described = await whileUnknown(() => this.admin.describeConfigs({
            includeSynonyms: false,
            resources: [{ type: kafkajs_1.ConfigResourceTypes.TOPIC, name: topic }],
        }));
        const own = (described.resources[0]?.configEntries ?? []).filter((e) => e.configSource === kafkajs_1.ConfigSource.TOPIC_CONFIG && !(e.configName in values));
        const configEntries = [
            ...own.map((e) => ({ name: e.configName, value: e.configValue })),
            ...Object.entries(values).map(([name, value]) => ({ name, value })),
        ];
        await (0, kafkajs_errors_1.translated)(() => this.admin.alterConfigs({
            validateOnly: false,
            resources: [{ type: kafkajs_1.ConfigResourceTypes.TOPIC, name: topic, configEntries }],
        }));
    }
    async topicReplicas(topics) {
        const metadata = await this.metadata(topics);
        // In the order asked, as the broker's answer need not be.
        return topics.flatMap((name) => {
            const t = metadata.topics.find((described) => described.name === name);
            if (!t)
                return [];
            const partitions = t.partitions
                .map((p) => ({ partition: p.partitionId, replicas: p.replicas, isr: p.isr }))
                .sort((a, b) => a.partition - b.partition);
            return [{ topic: name, partitions }];
        });
    }
    async fetchTopicOffsets(topic) {
        const offsets = await (0, kafkajs_errors_1.translated)(() => this.admin.fetchTopicOffsets(topic));
        return offsets.map(({ partition, low, high }) => ({ partition, low, high }));
    }
    async fetchTopicOffsetsByTimestamp(topic, timestamp) {
        const offsets = await (0, kafkajs_errors_1.translated)(() => this.admin.fetchTopicOffsetsByTimestamp(topic, timestamp));
        return offsets.map(({ partition, offset }) => ({ partition, offset }));
    }
    deleteTopics(topics, timeoutMs = 10000) {
        return (0, kafkajs_errors_1.translated)(() => this.admin.deleteTopics({ topics, timeout: timeoutMs }));
    }
}
exports.KafkajsAdmin = KafkajsAdmin;
/**
 * Runs a call about topics, asked again while it fails with UNKNOWN_TOPIC_OR_PARTITION until
 * LEADER_WAIT_MS has passed: a broker of a cluster may not know for a moment a topic another just
 * made (its metadata, its configuration). Any other failure, or one past that time, is the port's error.
 */
async function whileUnknown(call) {
    const deadline = Date.now() + LEADER_WAIT_MS;
    for (;;) {
        try {
            return await call();
        }
        catch (error) {
            const unknownYet = error.type === 'UNKNOWN_TOPIC_OR_PARTITION';
            if (!unknownYet || Date.now() > deadline)
                throw (0, kafkajs_errors_1.toPortError)(error);
            await new Promise((resolve) => setTimeout(resolve, 200));
        }
    }
}
//# sourceMappingURL=kafkajs-admin.js.map