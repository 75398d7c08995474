"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.registerKeysCommands = registerKeysCommands;
const commander_1 = require("commander");
const domain_1 = require("../../../../libs/domain/src/index.js");
const platform_1 = require("../../../../libs/platform/src/index.js");
const api_keys_1 = require("../../../../libs/access/src/api-keys/index.js");
const cli_error_1 = require("../cli-error");
const command_support_1 = require("./command-support");
const output_1 = require("../output/output");
const countdown_1 = require("../progress/countdown");
const tell_partner_api_1 = require("./tell-partner-api");
function scopesArgument(value) {
    const parsed = (0, domain_1.parseScopes)(value);
    if (!parsed.ok)
        throw new commander_1.InvalidArgumentError(`unknown scope(s): ${parsed.unknown.join(', ')}`);
    return parsed.scopes;
}
function limitArgument(value) {
    const limit = Number(value);
    if (!/^\d+$/.test(value) || limit < 1 || limit > 1_000_000) {
        throw new commander_1.InvalidArgumentError('the limit is a whole number of requests per minute, 1 to 1000000');
    }
    return limit;
}
/** What is shown of a key: never its hash. */
function describe(record) {
    return {
        prefix: record.prefix,
        partnerId: record.accountId,
        sandbox: record.sandbox,
        scopes: record.scopes,
        rateLimit: record.rateLimit,
        createdAt: record.createdAt,
        revokedAt: record.revokedAt,
    };
}
/**
 * Tells every partner API replica that a key changed, so none keeps serving it from memory. Replicas
 * that cannot reach Redis do not use their memory either: they read every key from Postgres then.
 * When Redis cannot be told, the command waits until every lookup a replica may still reuse has
 * expired (PARTNER_API_KEY_CACHE_MS), so the change is in effect everywhere once it returns.
 */
async function announce(out) {
    const config = (0, platform_1.loadConfig)();
    const failure = await (0, tell_partner_api_1.tellPartnerApi)(config, api_keys_1.announceApiKeyChange);
    if (failure === undefined)
        return;
    const seconds = Math.ceil(config.PARTNER_API_KEY_CACHE_MS / 1000);
    out.warn(`The change is stored, but Redis could not be told (${failure}). ` +
        `Waiting ${seconds} s (PARTNER_API_KEY_CACHE_MS) until no partner API replica can still use the old settings...`);
    await (0, countdown_1.waitWithCountdown)(config.PARTNER_API_KEY_CACHE_MS, (line) => out.warn(line));
    out.warn('Done: every replica now uses the change.');
}
/** Runs a change to one key found by prefix, announces it, and prints the key as it now is. */
async function changeKey(out, prefix, change, done, json) {
    const record = await (0, command_support_1.withDatabase)(change);
    if (!record)
        throw new cli_error_1.CliError('API_KEY_NOT_FOUND', `no API key with prefix ${prefix}`);
    await announce(out);
    if (json) {
        (0, output_1.printJson)(out, describe(record));
        return;
    }
    out.print(`${done} ${record.prefix}: scopes [${record.scopes.join(', ')}], ${record.rateLimit}/min${record.revokedAt ? `, revoked ${record.revokedAt.toISOString()}` : ''}`);
}
/** `pft keys create|list|revoke|scopes|limit`: partner API keys, stored only as hashes. */
function registerKeysCommands(program, out = output_1.consoleOutput) {
    const keys = program.command('keys').description('API keys of the partner API');
    keys
        .command('create')
        .description('issue a key for a partner account; the key is printed once and never stored')
        .requiredOption('--partner <partner-id>', 'the partner account that owns the key', command_support_1.partnerIdArgument)
        .option('--scopes <list>', 'comma-separated: pilot-totals, rating-dictionary, webhooks; empty for none', scopesArgument, [...domain_1.DEFAULT_PARTNER_SCOPES])
        .option('--rate-limit <per-minute>', 'requests per minute', limitArgument, domain_1.DEFAULT_RATE_LIMIT_PER_MINUTE)
        .option('--sandbox', 'a pft_test_ key: it sees only the partner’s sandbox (fixture pilots, simulations), never live pilots')
        .option('--json', 'print the key and its properties as JSON')
        .action(async (options) => {
        const { key, record } = await (0, command_support_1.withDatabase)((dataSource) => (0, api_keys_1.issueApiKey)(dataSource, {
            partnerId: options.partner,
            scopes: options.scopes,
            rateLimit: options.rateLimit,
            sandbox: options.sandbox === true,
        }));
        if (options.json) {
            (0, output_1.printJson)(out, { key, ...describe(record) });
            return;
        }
        out.print(key);
        out.warn(`${record.sandbox ? 'sandbox ' : ''}key ${record.prefix} for partner ${record.accountId}: scopes [${record.scopes.join(', ')}], ${record.rateLimit}/min. ` +
            'It is shown this once; only its hash is kept.');
    });
    keys
        .command('list')
        .description('list keys by prefix (never the secret)')
        .option('--partner <partner-id>', 'only this partner’s keys', command_support_1.partnerIdArgument)
        .option('--json', 'print JSON')
        .action(async (options) => {
        const records = await (0, command_support_1.withDatabase)((dataSource) => (0, api_keys_1.listApiKeys)(dataSource, options.partner));
        if (options.json) {
            (0, output_1.printJson)(out, records.map(describe));
            return;
        }
        out.print(['prefix', 'partner', 'scopes', 'limit/min', 'created', 'revoked'].join('\t'));
        for (const r of records) {
            out.print([
                r.prefix,
                r.accountId,
                r.scopes.join(',') || '-',
                r.rateLimit,
                r.createdAt.toISOString(),
                r.revokedAt?.toISOString() ?? '-',
            ].join('\t'));
        }
    });
    keys
        .command('revoke')
        .description('revoke a key; effective at once on every replica')
        .argument('<prefix>', 'the key’s prefix, as listed')
        .option('--json', 'print the key as it now is as JSON')
        .action((prefix, options) => changeKey(out, prefix, (db) => (0, api_keys_1.revokeApiKey)(db, prefix), 'revoked', options.json));
    keys
        .command('scopes')
        .description('replace a key’s scopes')
        .argument('<prefix>', 'the key’s prefix, as listed')
        .argument('<scopes>', 'comma-separated: pilot-totals, rating-dictionary, webhooks; "" for none', scopesArgument)
        .option('--json', 'print the key as it now is as JSON')
        .action((prefix, scopes, options) => changeKey(out, prefix, (db) => (0, api_keys_1.setApiKeyScopes)(db, prefix, scopes), 'changed', options.json));
    keys
        .command('limit')
        .description('set a key’s rate limit, requests per minute')
        .argument('<prefix>', 'the key’s prefix, as listed')
        .argument('<per-minute>', 'requests per minute', limitArgument)
        .option('--json', 'print the key as it now is as JSON')
        .action((prefix, limit, options) => changeKey(out, prefix, (db) => (0, api_keys_1.setApiKeyRateLimit)(db, prefix, limit), 'changed', options.json));
}
//# sourceMappingURL=keys.command.js.map