"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.commandPipelineProvider = void 0;
const typeorm_1 = require("typeorm");
const event_store_1 = require("../../../libs/event-store/src/index.js");
const platform_1 = require("../../../libs/platform/src/index.js");
const relay_wake_1 = require("./relay/relay-wake");
/** Guessed appends (new flights) of one event-loop turn sent as one statement at most. */
const WRITE_GROUP_MAX_SIZE = 64;
/**
 * The write pipeline of every command here. Appends do not NOTIFY in their transactions: the relay is
 * woken after the commit instead (RelayWake says why). New flights of concurrent requests share their
 * statement and commit unless WRITE_GROUPING=off.
 */
exports.commandPipelineProvider = {
    provide: event_store_1.CommandPipeline,
    inject: [typeorm_1.DataSource, relay_wake_1.RelayWake, platform_1.AppConfig],
    useFactory: (dataSource, relay, config) => new event_store_1.CommandPipeline(dataSource, {
        afterAppend: () => relay.afterCommit(),
        outcomeTimeoutMs: (0, platform_1.writeOutcomeTimeoutMs)(config),
        ...(config.WRITE_GROUPING === 'on' ? { grouping: { maxSize: WRITE_GROUP_MAX_SIZE } } : {}),
    }),
};
//# sourceMappingURL=command-pipeline.provider.js.map