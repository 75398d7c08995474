"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.registerWalkthroughCommand = registerWalkthroughCommand;
const platform_1 = require("../../../../libs/platform/src/index.js");
const walkthrough_1 = require("../walkthrough/walkthrough");
function registerWalkthroughCommand(program) {
    program
        .command('walkthrough')
        .description('drive the running service as a new partner and pilot would, printing each step')
        .option('--partner-api <url>', 'partner API address', 'http://127.0.0.1:3000')
        .option('--ingestion <url>', 'ingestion (pilot app API) address', 'http://127.0.0.1:3001')
        .option('--freshness-timeout <ms>', 'how long a partner read may take to show the last write', '10000')
        .action(async (options) => {
        await (0, walkthrough_1.runWalkthrough)((0, platform_1.loadConfig)(), {
            partnerApiUrl: options.partnerApi,
            ingestionUrl: options.ingestion,
            freshnessTimeoutMs: Number(options.freshnessTimeout),
        }, (line) => console.log(line));
    });
}
//# sourceMappingURL=walkthrough.command.js.map