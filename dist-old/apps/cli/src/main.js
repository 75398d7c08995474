"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const commander_1 = require("commander");
const platform_1 = require("../../../libs/platform/src/index.js");
const cli_error_1 = require("./cli-error");
const database_command_1 = require("./commands/database.command");
const kafka_command_1 = require("./commands/kafka.command");
const keys_command_1 = require("./commands/keys.command");
const partners_command_1 = require("./commands/partners.command");
const privacy_command_1 = require("./commands/privacy.command");
const projections_command_1 = require("./commands/projections.command");
const token_command_1 = require("./commands/token.command");
const walkthrough_command_1 = require("./commands/walkthrough.command");
const webhooks_command_1 = require("./commands/webhooks.command");
const closed_pipe_1 = require("./output/closed-pipe");
const snake_case_json_1 = require("./output/snake-case-json");
const version_1 = require("./version");
(0, closed_pipe_1.endQuietlyOnClosedPipe)(process.stdout, (code) => process.exit(code));
(0, closed_pipe_1.endQuietlyOnClosedPipe)(process.stderr, (code) => process.exit(code));
/** `pft`: the operators' command line. Each command reads the same environment as the apps. */
const program = new commander_1.Command('pft')
    .description('Pilot Flight Totals operators’ commands')
    .version((0, version_1.versionLine)(), '-V, --version', 'print the version of pft and of Node.js')
    .showHelpAfterError();
(0, database_command_1.registerDatabaseCommands)(program);
(0, kafka_command_1.registerKafkaCommands)(program);
(0, partners_command_1.registerPartnersCommands)(program);
(0, keys_command_1.registerKeysCommands)(program);
(0, projections_command_1.registerProjectionsCommands)(program);
(0, privacy_command_1.registerPrivacyCommands)(program);
(0, token_command_1.registerTokenCommands)(program);
(0, webhooks_command_1.registerWebhooksCommands)(program);
(0, walkthrough_command_1.registerWalkthroughCommand)(program);
program.parseAsync(process.argv).catch((err) => {
    const failure = (0, cli_error_1.describeCliError)(err, services());
    // A command asked for JSON reports its failure as JSON too, on stderr, for the script that asked.
    process.stderr.write(process.argv.includes('--json')
        ? `${(0, snake_case_json_1.snakeCaseJson)({ error: failure })}\n`
        : `pft: ${failure.code}: ${failure.message}\n`);
    process.exit((0, cli_error_1.exitCodeOf)(failure));
});
/** The services' addresses as the apps read them (an empty variable is unset), without validating. */
function services() {
    const defaults = new platform_1.AppConfig();
    return {
        DATABASE_URL: process.env.DATABASE_URL || defaults.DATABASE_URL,
        REDIS_URL: process.env.REDIS_URL || defaults.REDIS_URL,
        KAFKA_BROKERS: process.env.KAFKA_BROKERS || defaults.KAFKA_BROKERS,
    };
}
//# sourceMappingURL=main.js.map