"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.createKafka = createKafka;
const kafkajs_1 = require("./kafkajs");
/**
 * The @platformatic/kafka adapter, loaded on first use only: the package ships ES modules alone, and
 * loading it took about 0.3 s of every process's start (every app, every `pft` command), most of which
 * run on kafkajs.
 */
function platformatic() {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('./platformatic');
}
/**
 * The Kafka client of the apps, the CLI and the tests: a list of brokers as KAFKA_BROKERS writes it,
 * the client's log lines through `logger` (the app's pino logger, as JSON lines with their level), on
 * the adapter KAFKA_CLIENT names (kafkajs unless told otherwise).
 */
function createKafka(brokers, clientId, logger, timing, client = 'kafkajs') {
    const create = client === 'platformatic' ? platformatic().createPlatformaticClient : kafkajs_1.createKafkajsClient;
    return create({ clientId, brokers: brokers.split(','), logger, timing });
}
//# sourceMappingURL=kafka-factory.js.map