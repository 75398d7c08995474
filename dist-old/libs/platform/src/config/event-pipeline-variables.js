"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.EventPipelineVariables = void 0;
const class_transformer_1 = require("class-transformer");
const class_validator_1 = require("class-validator");
const kafka_port_1 = require("../kafka/kafka.port");
const kafka_replication_1 = require("./kafka-replication");
const partner_api_variables_1 = require("./partner-api-variables");
const variable_transforms_1 = require("./variable-transforms");
/**
 * The variables of the way events travel: the Kafka brokers, client and topics, the outbox relay that
 * publishes to them and the projectors' consumer group. AppConfig extends it; property names are the
 * variables.
 */
class EventPipelineVariables extends partner_api_variables_1.PartnerApiVariables {
    KAFKA_BROKERS = '127.0.0.1:9092';
    KAFKA_CLIENT_ID = 'pilot-flight-totals';
    /** The Kafka client library behind the Kafka port: kafkajs, or @platformatic/kafka. */
    KAFKA_CLIENT = 'kafkajs';
    PILOT_EVENTS_TOPIC = 'pilot-events';
    DEAD_LETTER_TOPIC = 'pilot-events-dead-letter';
    PILOT_EVENTS_PARTITIONS = 12;
    /**
     * Replicas of each topic the project creates (`pft kafka topics`, the relay at start). The brokers
     * must be at least this many; existing topics with another factor are reported with their fix.
     */
    KAFKA_REPLICATION_FACTOR = 1;
    /**
     * The topics' `min.insync.replicas`: with acks=all a send succeeds only once this many replicas
     * have it (at least 1, at most KAFKA_REPLICATION_FACTOR).
     */
    KAFKA_MIN_INSYNC_REPLICAS = 1;
    /** Whether this ingestion process runs the outbox relay (only one replica relays at a time anyway). */
    RELAY_ENABLED = true;
    /** Events the relay publishes per Kafka request. */
    RELAY_BATCH_SIZE = 500;
    /** How often the relay looks at the outbox when no notification woke it. */
    RELAY_POLL_INTERVAL_MS = 250;
    /**
     * How long the relay gathers commits after a sleep before it reads the outbox (0: not at all): a few
     * milliseconds of latency for batches of many events instead of one batch per commit.
     */
    RELAY_LINGER_MS = 20;
    /**
     * The Kafka client library the outbox relay publishes with (and reads back in-flight rows with), apart
     * from KAFKA_CLIENT: @platformatic/kafka by default, whose producer spends about a quarter of
     * kafkajs's CPU per event (bench/results/write-cpu.json); the consumers stay on KAFKA_CLIENT.
     */
    RELAY_KAFKA_CLIENT = 'platformatic';
    /**
     * How long the active relay's lease lasts unless renewed (it renews every third of it). A relay
     * that died or froze is replaced within this plus a second, the standbys' retry interval.
     */
    RELAY_LEASE_MS = 5000;
    /**
     * How long the Kafka group waits for a silent projector before handing its partitions to another
     * one: a projector that died (SIGKILL, lost host) holds its partitions this long. 6000 is the least
     * the broker allows by default (group.min.session.timeout.ms); heartbeats go every tenth of it.
     */
    PROJECTOR_SESSION_TIMEOUT_MS = 6000;
}
exports.EventPipelineVariables = EventPipelineVariables;
__decorate([
    (0, class_validator_1.Matches)(/^[^\s,]+:\d+(,[^\s,]+:\d+)*$/, {
        message: 'KAFKA_BROKERS must be a comma-separated list of host:port',
    }),
    __metadata("design:type", Object)
], EventPipelineVariables.prototype, "KAFKA_BROKERS", void 0);
__decorate([
    (0, class_validator_1.IsString)(),
    (0, class_validator_1.MinLength)(1),
    __metadata("design:type", Object)
], EventPipelineVariables.prototype, "KAFKA_CLIENT_ID", void 0);
__decorate([
    (0, class_validator_1.IsIn)(kafka_port_1.KAFKA_CLIENTS),
    __metadata("design:type", String)
], EventPipelineVariables.prototype, "KAFKA_CLIENT", void 0);
__decorate([
    (0, class_validator_1.Matches)(/^[A-Za-z0-9._-]{1,249}$/, { message: 'PILOT_EVENTS_TOPIC must be a valid Kafka topic name' }),
    __metadata("design:type", Object)
], EventPipelineVariables.prototype, "PILOT_EVENTS_TOPIC", void 0);
__decorate([
    (0, class_validator_1.Matches)(/^[A-Za-z0-9._-]{1,249}$/, { message: 'DEAD_LETTER_TOPIC must be a valid Kafka topic name' }),
    __metadata("design:type", Object)
], EventPipelineVariables.prototype, "DEAD_LETTER_TOPIC", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(1000),
    __metadata("design:type", Object)
], EventPipelineVariables.prototype, "PILOT_EVENTS_PARTITIONS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(32),
    __metadata("design:type", Object)
], EventPipelineVariables.prototype, "KAFKA_REPLICATION_FACTOR", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, kafka_replication_1.IsMinInsyncReplicas)(),
    __metadata("design:type", Object)
], EventPipelineVariables.prototype, "KAFKA_MIN_INSYNC_REPLICAS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toBoolean),
    (0, class_validator_1.IsBoolean)(),
    __metadata("design:type", Object)
], EventPipelineVariables.prototype, "RELAY_ENABLED", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(10000),
    __metadata("design:type", Object)
], EventPipelineVariables.prototype, "RELAY_BATCH_SIZE", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(10),
    (0, class_validator_1.Max)(60000),
    __metadata("design:type", Object)
], EventPipelineVariables.prototype, "RELAY_POLL_INTERVAL_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    (0, class_validator_1.Max)(1000),
    __metadata("design:type", Object)
], EventPipelineVariables.prototype, "RELAY_LINGER_MS", void 0);
__decorate([
    (0, class_validator_1.IsIn)(kafka_port_1.KAFKA_CLIENTS),
    __metadata("design:type", String)
], EventPipelineVariables.prototype, "RELAY_KAFKA_CLIENT", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1000),
    (0, class_validator_1.Max)(600000),
    __metadata("design:type", Object)
], EventPipelineVariables.prototype, "RELAY_LEASE_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(6000),
    (0, class_validator_1.Max)(300000),
    __metadata("design:type", Object)
], EventPipelineVariables.prototype, "PROJECTOR_SESSION_TIMEOUT_MS", void 0);
//# sourceMappingURL=event-pipeline-variables.js.map