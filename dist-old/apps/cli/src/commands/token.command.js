"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.registerTokenCommands = registerTokenCommands;
const commander_1 = require("commander");
const domain_1 = require("../../../../libs/domain/src/index.js");
const platform_1 = require("../../../../libs/platform/src/index.js");
const pilot_jwt_1 = require("../../../../libs/access/src/pilot-auth/pilot-jwt.js");
function seconds(value) {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1)
        throw new commander_1.InvalidArgumentError('must be a whole number of seconds above 0');
    return n;
}
/**
 * `pft token mint <account-id>`: a pilot token signed with the local JWT_SECRET, carrying the
 * configured JWT_ISSUER and JWT_AUDIENCE, for development and tests.
 */
function registerTokenCommands(program) {
    const token = program.command('token').description('pilot tokens for the pilot app API');
    token
        .command('mint')
        .description('print a JWT (HS256, JWT_SECRET) whose subject is the given pilot account id')
        .argument('<account-id>', 'pilot account id (UUID)')
        .option('--ttl <seconds>', 'lifetime in seconds', seconds, 3600)
        .action((accountId, options) => {
        if (!(0, domain_1.isUuid)(accountId))
            throw new commander_1.InvalidArgumentError('account id must be a UUID');
        const config = (0, platform_1.loadConfig)();
        const claims = { issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE };
        console.log((0, pilot_jwt_1.mintPilotToken)(config.JWT_SECRET, accountId.toLowerCase(), options.ttl, Date.now(), claims));
    });
}
//# sourceMappingURL=token.command.js.map