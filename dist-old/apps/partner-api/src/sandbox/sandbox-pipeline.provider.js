"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.sandboxPipelineProviders = void 0;
const typeorm_1 = require("typeorm");
const event_store_1 = require("../../../../libs/event-store/src/index.js");
const platform_1 = require("../../../../libs/platform/src/index.js");
const sandbox_logbook_1 = require("./sandbox-logbook");
/**
 * The write pipeline of the sandbox's commands. The partner API has no relay of its own to wake: the
 * append notifies the ingestion's relays itself.
 */
exports.sandboxPipelineProviders = [
    {
        provide: event_store_1.CommandPipeline,
        inject: [typeorm_1.DataSource, platform_1.AppConfig],
        useFactory: (dataSource, config) => new event_store_1.CommandPipeline(dataSource, { outcomeTimeoutMs: (0, platform_1.writeOutcomeTimeoutMs)(config) }),
    },
    {
        provide: sandbox_logbook_1.SandboxLogbook,
        inject: [event_store_1.CommandPipeline],
        useFactory: (p) => new sandbox_logbook_1.SandboxLogbook(p),
    },
];
//# sourceMappingURL=sandbox-pipeline.provider.js.map