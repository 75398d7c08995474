"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PlatformaticAdmin = void 0;
const kafka_1 = require("@platformatic/kafka");
const topic_configs_1 = require("../topic-configs");
const platformatic_errors_1 = require("./platformatic-errors");
const platformatic_log_1 = require("./platformatic-log");
/** What ListOffsets answers for "the first offset held" and "the offset the next message gets". */
const EARLIEST = -2n;
const LATEST = -1n;
const LEADER_WAIT_MS = 10_000;
class PlatformaticAdmin {
    options;
    logger;
    admin;
    constructor(options, logger) {
        this.options = options;
        this.logger = logger;
    }
    client() {
        if (!this.admin) {
            this.admin = new kafka_1.Admin(this.options);
            (0, platformatic_log_1.logClientEvents)(this.admin, 'admin', this.logger);
        }
        return this.admin;
    }
    /** The client connects on its first request: asking for the cluster's metadata proves a broker answers. */
    async connect() {
        await (0, platformatic_errors_1.translated)(() => this.client().metadata({ topics: [] }));
    }
    async disconnect() {
        const admin = this.admin;
        this.admin = undefined;
        if (admin)
            await (0, platformatic_errors_1.translated)(() => admin.close());
    }
    async describeCluster() {
        const metadata = await (0, platformatic_errors_1.translated)(() => this.client().metadata({ topics: [], forceUpdate: true }));
        const brokerIds = [...metadata.brokers.keys()].sort((a, b) => a - b);
        return { brokers: brokerIds.length, brokerIds };
    }
    listTopics() {
        return (0, platformatic_errors_1.translated)(() => this.client().listTopics());
    }
    async createTopics(topics) {
        const existing = new Set(await this.listTopics());
        const missing = topics.filter((t) => !existing.has(t.topic));
        let created = false;
        for (const t of missing) {
            try {
                await (0, platformatic_errors_1.translated)(() => this.client().createTopics({
                    topics: [t.topic],
                    partitions: t.numPartitions,
                    replicas: t.replicationFactor,
                    configs: Object.entries((0, topic_configs_1.newTopicConfigs)(t)).map(([name, value]) => ({ name, value })),
                }));
                created = true;
            }
            catch (error) {
                // Another process created it in between: it exists, which is all that was asked.
                if (!(await this.listTopics()).includes(t.topic))
                    throw error;
            }
        }
        if (created)
            await this.waitForLeaders(missing.map((t) => t.topic));
        return created;
    }
    /** As kafkajs's waitForLeaders: a topic is usable once each of its partitions has a leader. */
    async waitForLeaders(topics) {
        const deadline = Date.now() + LEADER_WAIT_MS;
        for (;;) {
            const metadata = await (0, platformatic_errors_1.translated)(() => this.client().metadata({ topics, forceUpdate: true })).catch(() => undefined);
            const led = topics.every((name) => {
                const topic = metadata?.topics.get(name);
                return topic !== undefined && topic.partitions.every((p) => p.leader >= 0);
            });
            if (led || Date.now() > deadline)
                return;
            await new Promise((resolve) => setTimeout(resolve, 100));
        }
    }
    async topicPartitions(topics) {
        const metadata = await (0, platformatic_errors_1.translated)(() => this.client().metadata({ topics, forceUpdate: true }));
        return topics.map((topic) => ({ topic, partitions: metadata.topics.get(topic)?.partitionsCount ?? 0 }));
    }
    async topicConfig(topic, names) {
        const described = await (0, platformatic_errors_1.translated)(() => this.client().describeConfigs({
            resources: [
                { resourceType: kafka_1.ConfigResourceTypes.TOPIC, resourceName: topic, configurationKeys: names },
            ],
        }));
        const configs = described[0]?.configs ?? [];
        return Object.fromEntries(configs.filter((c) => typeof c.value === 'string').map((c) => [c.name, c.value]));
    }
    /** IncrementalAlterConfigs: only the values named change. */
    async alterTopicConfig(topic, values) {
        await (0, platformatic_errors_1.translated)(() => this.client().incrementalAlterConfigs({
            resources: [
                {
                    resourceType: kafka_1.ConfigResourceTypes.TOPIC,
                    resourceName: topic,
                    configs: Object.entries(values).map(([name, value]) => ({
                        name,
                        value,
                        configOperation: kafka_1.IncrementalAlterConfigOperationTypes.SET,
                    })),
                },
            ],
        }));
    }
    async topicReplicas(topics) {
        const metadata = await (0, platformatic_errors_1.translated)(() => this.client().metadata({ topics, forceUpdate: true }));
        return topics.flatMap((topic) => {
            const described = metadata.topics.get(topic);
            if (!described)
                return [];
            return [
                {
                    topic,
                    partitions: described.partitions.map((p, partition) => ({
                        partition,
                        replicas: [...p.replicas],
                        isr: [...p.isr],
                    })),
                },
            ];
        });
    }
    async fetchTopicOffsets(topic) {
        const partitions = await this.partitionsOf(topic);
        const [low, high] = await Promise.all([
            this.offsetsAt(topic, partitions, EARLIEST),
            this.offsetsAt(topic, partitions, LATEST),
        ]);
        return partitions.map((partition) => ({
            partition,
            low: String(low.get(partition) ?? 0n),
            high: String(high.get(partition) ?? 0n),
        }));
    }
    /** ListOffsets answers -1 for a partition without a message that recent: its end, as kafkajs says. */
    async fetchTopicOffsetsByTimestamp(topic, timestamp) {
        const partitions = await this.partitionsOf(topic);
        const [at, high] = await Promise.all([
            this.offsetsAt(topic, partitions, BigInt(Math.floor(timestamp))),
            this.offsetsAt(topic, partitions, LATEST),
        ]);
        return partitions.map((partition) => {
            const offset = at.get(partition) ?? -1n;
            return { partition, offset: String(offset >= 0n ? offset : (high.get(partition) ?? 0n)) };
        });
    }
    async partitionsOf(topic) {
        const metadata = await (0, platformatic_errors_1.translated)(() => this.client().metadata({ topics: [topic], forceUpdate: true }));
        const count = metadata.topics.get(topic)?.partitionsCount ?? 0;
        return Array.from({ length: count }, (_, i) => i);
    }
    async offsetsAt(topic, partitions, timestamp) {
        const listed = await (0, platformatic_errors_1.translated)(() => this.client().listOffsets({
            topics: [
                { name: topic, partitions: partitions.map((partitionIndex) => ({ partitionIndex, timestamp })) },
            ],
        }));
        return new Map((listed[0]?.partitions ?? []).map((p) => [p.partitionIndex, p.offset]));
    }
    /** The client waits for the broker's answer with its own request timeout. */
    deleteTopics(topics, _timeoutMs) {
        return (0, platformatic_errors_1.translated)(() => this.client().deleteTopics({ topics }));
    }
}
exports.PlatformaticAdmin = PlatformaticAdmin;
//# sourceMappingURL=platformatic-admin.js.map