"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.newTopicConfigs = newTopicConfigs;
/** The configuration values a new topic is created with, as both adapters send them. */
function newTopicConfigs(topic) {
    return {
        'retention.ms': String(topic.retentionMs),
        ...(topic.minInsyncReplicas === undefined
            ? {}
            : { 'min.insync.replicas': String(topic.minInsyncReplicas) }),
    };
}
//# sourceMappingURL=topic-configs.js.map