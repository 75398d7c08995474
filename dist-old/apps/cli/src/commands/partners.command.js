"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.registerPartnersCommands = registerPartnersCommands;
const commander_1 = require("commander");
const platform_1 = require("../../../../libs/platform/src/index.js");
const api_keys_1 = require("../../../../libs/access/src/api-keys/index.js");
const output_1 = require("../output/output");
function nameArgument(value) {
    const name = value.trim();
    const length = [...name].length;
    if (length < 1 || length > 200)
        throw new commander_1.InvalidArgumentError('the name is 1 to 200 characters');
    return name;
}
/** What is shown of a partner account. */
function describe(partner) {
    return { partnerId: partner.partnerId, name: partner.name, createdAt: partner.createdAt };
}
/** `pft partners create|list`: the partner accounts that own API keys and their pilots' connections. */
function registerPartnersCommands(program, out = output_1.consoleOutput) {
    const partners = program.command('partners').description('partner accounts of the partner API');
    partners
        .command('create')
        .description('create a partner account; prints its id')
        .argument('<name>', 'the partner’s name, 1 to 200 characters', nameArgument)
        .option('--json', 'print the account as JSON')
        .action(async (name, options) => {
        const dataSource = await (0, platform_1.createDataSource)((0, platform_1.loadConfig)().DATABASE_URL, 1).initialize();
        try {
            const partner = await (0, api_keys_1.createPartner)(dataSource, name);
            if (options.json)
                (0, output_1.printJson)(out, describe(partner));
            else
                out.print(`created partner ${partner.partnerId} (${partner.name})`);
        }
        finally {
            await dataSource.destroy();
        }
    });
    partners
        .command('list')
        .description('list partner accounts')
        .option('--json', 'print JSON')
        .action(async (options) => {
        const dataSource = await (0, platform_1.createDataSource)((0, platform_1.loadConfig)().DATABASE_URL, 1).initialize();
        try {
            const all = await (0, api_keys_1.listPartners)(dataSource);
            if (options.json) {
                (0, output_1.printJson)(out, all.map(describe));
                return;
            }
            for (const p of all)
                out.print(`${p.partnerId}  ${p.createdAt.toISOString()}  ${p.name}`);
        }
        finally {
            await dataSource.destroy();
        }
    });
}
//# sourceMappingURL=partners.command.js.map