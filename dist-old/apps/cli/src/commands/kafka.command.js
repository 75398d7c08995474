"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.TOPIC_BEHIND_STORE = void 0;
exports.registerKafkaCommands = registerKafkaCommands;
const platform_1 = require("../../../../libs/platform/src/index.js");
const cli_error_1 = require("../cli-error");
const reach_kafka_1 = require("../kafka/reach-kafka");
const topics_report_1 = require("../kafka/topics-report");
const output_1 = require("../output/output");
/** Exit code of `kafka check-store` when the topic lacks events the store says it published. */
exports.TOPIC_BEHIND_STORE = 3;
function registerKafkaCommands(program, out = output_1.consoleOutput) {
    const kafka = program.command('kafka').description('the Kafka topics');
    kafka
        .command('topics')
        .description('create the pilot-events and dead-letter topics with their partitions, retention, replicas and min.insync.replicas; report existing topics whose replication differs, each with its fix')
        .option('--fix', 'also set min.insync.replicas on existing topics that differ')
        .option('--json', 'print {created, existing, fixed, mismatches} as JSON')
        .action(async (options) => {
        const config = (0, platform_1.loadConfig)();
        const kafkaClient = await (0, reach_kafka_1.reachKafka)(config, out);
        const refused = (error) => {
            throw error instanceof platform_1.KafkaTopicsError ? new cli_error_1.CliError(error.code, error.message) : error;
        };
        const report = await (0, platform_1.ensureTopics)(kafkaClient, (0, platform_1.pilotTopics)(config)).catch(refused);
        const fixed = options.fix ? await (0, platform_1.fixMinInsync)(kafkaClient, report.mismatches).catch(refused) : [];
        (0, topics_report_1.printTopicsReport)(out, report, fixed, { json: options.json, bootstrap: config.KAFKA_BROKERS });
    });
    kafka
        .command('check-store')
        .description(`check that the pilot-events topic holds at least every event the store marks as published; exit ${exports.TOPIC_BEHIND_STORE} when it does not (the broker's data is not the one these events went to)`)
        .option('--json', 'print {topic, held, published, behind} as JSON')
        .action(async (options) => {
        const config = (0, platform_1.loadConfig)();
        const admin = (await (0, reach_kafka_1.reachKafka)(config, out)).admin();
        const dataSource = await (0, platform_1.createDataSource)(config.DATABASE_URL, 1).initialize();
        let held;
        let published;
        try {
            const rows = await dataSource.query(`select (select count(*) from events) - (select count(*) from event_outbox) as published`);
            published = Number(rows[0]?.published ?? 0);
            await admin.connect();
            const offsets = await admin.fetchTopicOffsets(config.PILOT_EVENTS_TOPIC);
            held = offsets.reduce((sum, o) => sum + Number(o.high) - Number(o.low), 0);
        }
        finally {
            await admin.disconnect();
            await dataSource.destroy();
        }
        const topic = config.PILOT_EVENTS_TOPIC;
        const behind = held < published;
        if (behind)
            process.exitCode = exports.TOPIC_BEHIND_STORE;
        if (options.json)
            (0, output_1.printJson)(out, { topic, held, published, behind });
        else if (behind)
            out.warn(`${topic} holds ${held} messages, but the event store marks ${published} events as published`);
        else
            out.print(`${topic} holds ${held} messages for ${published} published events`);
    });
}
//# sourceMappingURL=kafka.command.js.map