"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SendGuard = void 0;
exports.unansweredPartitions = unansweredPartitions;
const kafkajs_1 = require("kafkajs");
const kafka_port_1 = require("../kafka.port");
/**
 * kafkajs 2.2.4 could resolve a send without sending part of it. Its retry kept the answers of the
 * brokers that answered the first try and sent again only to brokers without one; a partition
 * whose leadership moved, after its first try failed, to a broker that had answered for its other
 * partitions was then never sent again, and the send resolved. (Upstream: tulios/kafkajs#1798,
 * open.) Seen here when a broker of three was killed while the relay sent: events lost, the send
 * resolved. patches/kafkajs+2.2.4.patch now keeps answers per partition (kafkajs-send-retry.spec.ts).
 *
 * The guard stays as the check of the result: the partitioner records the partition each message
 * was given (the same message objects the send was called with, at every try), and a send whose
 * answers leave out one of those partitions is a failed send. The caller then does what it does
 * after any failed send (the relay looks for the events on the topic and sends the rest again).
 */
class SendGuard {
    assigned = new WeakMap();
    /** The Java-compatible murmur2 partitioner, recording what it chose. */
    createPartitioner = () => {
        const choose = kafkajs_1.Partitioners.DefaultPartitioner();
        return (args) => {
            const partition = choose(args);
            this.assigned.set(args.message, partition);
            return partition;
        };
    };
    /** Throws when a message's partition has no answer in `answers`. */
    check(topic, messages, answers) {
        const missing = unansweredPartitions(messages.map((m) => this.assigned.get(m)), answers.filter((a) => a.topicName === topic).map((a) => a.partition));
        if (missing.length > 0)
            throw new kafka_port_1.KafkaClientError(`the send to ${topic} resolved without an answer for partition(s) ${missing.join(', ')}; ` +
                'their messages may not be on the topic', false);
    }
}
exports.SendGuard = SendGuard;
/**
 * The partitions messages were given that no answer covers, in order; a message the partitioner
 * never saw (undefined) counts as unanswered under partition -1.
 */
function unansweredPartitions(given, answered) {
    const covered = new Set(answered);
    const missing = new Set();
    for (const partition of given)
        if (!covered.has(partition ?? -1))
            missing.add(partition ?? -1);
    return [...missing].sort((a, b) => a - b);
}
//# sourceMappingURL=kafkajs-send-guard.js.map