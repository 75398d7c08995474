"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PlatformaticConsumer = void 0;
const kafka_1 = require("@platformatic/kafka");
const platformatic_errors_1 = require("./platformatic-errors");
const platformatic_log_1 = require("./platformatic-log");
const platformatic_options_1 = require("./platformatic-options");
const partition_high_watermarks_1 = require("./partition-high-watermarks");
/** Between attempts to open the stream again after a crash, while the broker does not answer. */
const REOPEN_DELAY_MS = 500;
const consumed = (r) => ({
    offset: String(r.offset),
    key: r.key ?? null,
    value: r.value ?? null,
});
const toError = (e) => (e instanceof Error ? e : new Error(String(e)));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * The port's batch consumer on @platformatic/kafka's message stream. The client hands out messages
 * one by one and has no seek: a batch is what the stream holds when the handler is free (grouped by
 * partition), and a seek sets the stream's next fetch offset, then drops what arrives for that
 * partition until the sought offset does (a fetch already under way may still bring the old position).
 */
class PlatformaticConsumer {
    consumer;
    retry;
    topics = [];
    fromBeginning = false;
    stream;
    streamError;
    wake;
    running = false;
    loop;
    /** Per partition ("topic:partition"): the offset sought, until a message at it arrives. */
    sought = new Map();
    /** Per partition: how many seeks so far, so a batch handed out before a seek knows it is stale. */
    seeks = new Map();
    highWatermarks;
    crashListeners = [];
    joinListeners = [];
    constructor(base, options, retry = {}, logger) {
        this.consumer = new kafka_1.Consumer((0, platformatic_options_1.withoutUndefined)({
            ...base,
            groupId: options.groupId,
            sessionTimeout: options.sessionTimeoutMs,
            rebalanceTimeout: options.rebalanceTimeoutMs,
            heartbeatInterval: options.heartbeatIntervalMs,
            maxBytesPerPartition: options.maxBytesPerPartition,
            maxBytes: options.maxBytes,
            maxWaitTime: options.maxWaitTimeMs,
        }));
        (0, platformatic_log_1.logClientEvents)(this.consumer, 'consumer', logger);
        this.highWatermarks = new partition_high_watermarks_1.PartitionHighWatermarks(async (topic, partition) => {
            const listed = await this.consumer.listOffsets({
                topics: [topic],
                partitions: { [topic]: [partition] },
                timestamp: -1n,
            });
            return listed.get(topic)?.[partition];
        });
        // kafkajs's defaults, so a failing handler is retried as long under either client.
        this.retry = {
            initialRetryTime: retry.initialRetryTime ?? 300,
            maxRetryTime: retry.maxRetryTime ?? 30000,
            retries: retry.retries ?? 5,
        };
    }
    /** The client connects on its first request: asking for metadata proves a broker answers. */
    async connect() {
        await (0, platformatic_errors_1.translated)(() => this.consumer.metadata({ topics: [] }));
    }
    subscribe(topics, options = {}) {
        this.topics = [...new Set([...this.topics, ...topics])];
        this.fromBeginning = options.fromBeginning ?? false;
        return Promise.resolve();
    }
    async run(run) {
        this.running = true;
        await this.open();
        this.loop = this.consume(run);
    }
    seek(topic, partition, offset) {
        const key = `${topic}:${partition}`;
        const at = BigInt(offset);
        this.sought.set(key, at);
        this.seeks.set(key, (this.seeks.get(key) ?? 0) + 1);
        this.stream?.offsetsToFetch.set(key, at);
    }
    onCrash(listener) {
        this.crashListeners.push(listener);
    }
    onGroupJoin(listener) {
        this.joinListeners.push(listener);
        this.consumer.on('consumer:group:join', () => listener());
    }
    async disconnect() {
        this.running = false;
        this.wake?.();
        await this.loop;
        this.loop = undefined;
        await this.closeStream();
        await (0, platformatic_errors_1.translated)(() => this.consumer.close());
    }
    /** Joins the group and starts fetching: from the committed offsets, else the first or the next message. */
    async open() {
        const stream = await (0, platformatic_errors_1.translated)(() => this.consumer.consume({
            topics: this.topics,
            mode: kafka_1.MessagesStreamModes.COMMITTED,
            fallbackMode: this.fromBeginning
                ? kafka_1.MessagesStreamFallbackModes.EARLIEST
                : kafka_1.MessagesStreamFallbackModes.LATEST,
            autocommit: false,
        }));
        this.streamError = undefined;
        stream.on('readable', () => this.wake?.());
        stream.on('close', () => this.wake?.());
        stream.on('error', (error) => {
            this.streamError = error;
            this.wake?.();
        });
        for (const [key, offset] of this.sought)
            stream.offsetsToFetch.set(key, offset);
        this.stream = stream;
    }
    async closeStream() {
        const stream = this.stream;
        this.stream = undefined;
        if (stream && !stream.closed)
            await stream.close().catch(() => undefined);
    }
    async consume(run) {
        while (this.running) {
            try {
                const batches = this.batches(await this.available());
                const limit = Math.max(1, run.partitionsConsumedConcurrently ?? 1);
                for (let i = 0; i < batches.length && this.running; i += limit) {
                    await Promise.all(batches.slice(i, i + limit).map((b) => this.handle(b, run)));
                }
            }
            catch (error) {
                if (!this.running)
                    return;
                await this.crash(error);
            }
        }
    }
    /** What the stream holds now; waits for at least one message while it holds none. */
    async available() {
        const stream = this.stream;
        if (!stream)
            throw new Error('the consumer has no message stream');
        const records = [];
        for (;;) {
            if (this.streamError !== undefined)
                throw toError(this.streamError);
            for (let r = stream.read(); r !== null; r = stream.read())
                records.push(r);
            if (records.length > 0 || !this.running)
                return records;
            if (stream.closed)
                throw new Error('the message stream closed');
            await new Promise((resolve) => {
                this.wake = () => {
                    this.wake = undefined;
                    resolve();
                };
            });
        }
    }
    /** The records grouped by partition, in offset order, without those a seek made obsolete. */
    batches(records) {
        const byPartition = new Map();
        for (const r of records) {
            const key = `${r.topic}:${r.partition}`;
            const sought = this.sought.get(key);
            if (sought !== undefined) {
                if (r.offset !== sought) {
                    // From a fetch made before the seek, which moved the stream's position on: set it back.
                    this.stream?.offsetsToFetch.set(key, sought);
                    continue;
                }
                this.sought.delete(key);
            }
            let batch = byPartition.get(key);
            if (!batch) {
                batch = { key, topic: r.topic, partition: r.partition, records: [] };
                byPartition.set(key, batch);
            }
            batch.records.push(r);
        }
        return [...byPartition.values()];
    }
    async handle(b, run) {
        const seeks = this.seeks.get(b.key) ?? 0;
        const isStale = () => (this.seeks.get(b.key) ?? 0) !== seeks;
        const last = b.records[b.records.length - 1];
        const { eachBatch, eachMessage } = run;
        if (eachBatch) {
            const highWatermark = await this.highWatermarks.get(b.topic, b.partition, last.offset + 1n);
            const messages = b.records.map(consumed);
            await this.retried(() => eachBatch({
                batch: {
                    topic: b.topic,
                    partition: b.partition,
                    highWatermark: String(highWatermark),
                    messages,
                    lastOffset: () => String(last.offset),
                },
                isRunning: () => this.running,
                isStale,
                // The client heartbeats on a timer of its own, whatever the handler does.
                heartbeat: () => Promise.resolve(),
            }));
        }
        else if (eachMessage) {
            for (const r of b.records) {
                if (isStale() || !this.running)
                    return;
                await this.retried(() => eachMessage({ topic: b.topic, partition: b.partition, message: consumed(r) }));
            }
        }
        if (run.autoCommit !== false && !isStale()) {
            await (0, platformatic_errors_1.translated)(() => new Promise((resolve, reject) => {
                void last.commit((error) => (error ? reject(error) : resolve()));
            }));
        }
    }
    /** The handler again after a failure, backing off as kafkajs does, until the retries are spent. */
    async retried(call) {
        for (let attempt = 0;; attempt++) {
            try {
                return await call();
            }
            catch (error) {
                if (attempt >= this.retry.retries || !this.running)
                    throw error;
                await sleep(Math.min(this.retry.maxRetryTime, this.retry.initialRetryTime * 2 ** attempt));
            }
        }
    }
    /** Tells the listeners, then starts again from the committed offsets (and any offsets sought). */
    async crash(error) {
        const reported = (0, platformatic_errors_1.toPortError)(error);
        const crash = {
            error: reported instanceof Error ? reported : new Error(String(reported)),
            restart: true,
        };
        for (const listener of this.crashListeners)
            listener(crash);
        await this.closeStream();
        while (this.running) {
            try {
                await this.open();
                // A member that never left the group joins no new generation: the stream is what tells.
                for (const listener of this.joinListeners)
                    listener();
                return;
            }
            catch {
                await sleep(REOPEN_DELAY_MS);
            }
        }
    }
}
exports.PlatformaticConsumer = PlatformaticConsumer;
//# sourceMappingURL=platformatic-consumer.js.map