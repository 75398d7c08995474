"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.registerWebhooksCommands = registerWebhooksCommands;
const commander_1 = require("commander");
const access_1 = require("../../../../libs/access/src/index.js");
const domain_1 = require("../../../../libs/domain/src/index.js");
const cli_error_1 = require("../cli-error");
const command_support_1 = require("./command-support");
const output_1 = require("../output/output");
function endpointIdArgument(value) {
    if (!(0, domain_1.isEndpointId)(value))
        throw new commander_1.InvalidArgumentError('an endpoint id is we_ and a ULID; `pft webhooks list` shows them');
    return value;
}
function eventIdArgument(value) {
    if (!/^evt_[0-9A-HJKMNP-TV-Z]{26}$/.test(value))
        throw new commander_1.InvalidArgumentError('an event id is evt_ and a ULID; `pft webhooks failures` shows them');
    return value;
}
function limitArgument(value) {
    const limit = Number(value);
    if (!/^\d+$/.test(value) || limit < 1 || limit > 1000)
        throw new commander_1.InvalidArgumentError('the limit is 1 to 1000');
    return limit;
}
async function theEndpoint(dataSource, endpointId) {
    const [endpoint] = await (0, access_1.listEndpointsForOperators)(dataSource, { endpointId });
    if (!endpoint)
        throw new cli_error_1.CliError('WEBHOOK_ENDPOINT_NOT_FOUND', `no webhook endpoint ${endpointId}`);
    return endpoint;
}
function line(e) {
    const state = e.status === 'disabled'
        ? `disabled ${e.disabled_at ?? ''} (${e.disabled_reason ?? 'no reason'})`
        : 'enabled';
    const failing = e.failing_since ? `, failing since ${e.failing_since}` : '';
    return `${e.id}  ${e.partner_id}  ${state}${failing}  pending ${e.pending_deliveries}, failed ${e.failed_deliveries}  ${e.url}  [${e.events.join(', ')}]`;
}
/** `pft webhooks list|disable|enable|redeliver|failures`: partners' webhook endpoints and their deliveries. */
function registerWebhooksCommands(program, out = output_1.consoleOutput) {
    const webhooks = program
        .command('webhooks')
        .description('webhook endpoints of partners and their deliveries');
    webhooks
        .command('list')
        .description('list endpoints: state, failures, queue')
        .option('--partner <partner-id>', 'only this partner account’s', command_support_1.partnerIdArgument)
        .option('--json', 'print JSON')
        .action(async (options) => {
        const endpoints = await (0, command_support_1.withDatabase)((db) => (0, access_1.listEndpointsForOperators)(db, { partnerId: options.partner }));
        if (options.json)
            (0, output_1.printJson)(out, endpoints);
        else
            for (const e of endpoints)
                out.print(line(e));
    });
    webhooks
        .command('disable')
        .description('disable an endpoint: nothing more is sent to it, what was queued is dropped')
        .argument('<endpoint-id>', 'the endpoint, we_...', endpointIdArgument)
        .option('--json', 'print the endpoint as JSON')
        .action(async (endpointId, options) => {
        const endpoint = await (0, command_support_1.withDatabase)(async (db) => {
            await theEndpoint(db, endpointId);
            await (0, access_1.disableEndpoint)(db, endpointId, 'disabled by an operator');
            return theEndpoint(db, endpointId);
        });
        if (options.json)
            (0, output_1.printJson)(out, endpoint);
        else
            out.print(line(endpoint));
    });
    webhooks
        .command('enable')
        .description('enable a disabled endpoint again, its failures forgotten')
        .argument('<endpoint-id>', 'the endpoint, we_...', endpointIdArgument)
        .option('--json', 'print the endpoint as JSON')
        .action(async (endpointId, options) => {
        const endpoint = await (0, command_support_1.withDatabase)(async (db) => {
            await theEndpoint(db, endpointId);
            await (0, access_1.enableEndpoint)(db, endpointId);
            return theEndpoint(db, endpointId);
        });
        if (options.json)
            (0, output_1.printJson)(out, endpoint);
        else
            out.print(line(endpoint));
    });
    webhooks
        .command('redeliver')
        .description('deliver an event again (same id and body), to each endpoint it went to or to one')
        .argument('<event-id>', 'the event, evt_...', eventIdArgument)
        .option('--endpoint <endpoint-id>', 'only to this endpoint', endpointIdArgument)
        .option('--json', 'print JSON')
        .action(async (eventId, options) => {
        const queued = await (0, command_support_1.withDatabase)((db) => (0, access_1.redeliverEvent)(db, eventId, options.endpoint));
        if (queued === 0)
            throw new cli_error_1.CliError('WEBHOOK_EVENT_NOT_FOUND', `no delivery of ${eventId} to an enabled endpoint`);
        if (options.json)
            (0, output_1.printJson)(out, { eventId, queued });
        else
            out.print(`${eventId}: queued again for ${queued} endpoint(s)`);
    });
    webhooks
        .command('failures')
        .description('deliveries that failed (retries used up, or dropped), newest first')
        .option('--endpoint <endpoint-id>', 'only this endpoint’s', endpointIdArgument)
        .option('--limit <n>', 'at most this many (default 50)', limitArgument, 50)
        .option('--json', 'print JSON')
        .action(async (options) => {
        const failed = await (0, command_support_1.withDatabase)((db) => (0, access_1.listFailedDeliveries)(db, { endpointId: options.endpoint, limit: options.limit }));
        if (options.json)
            (0, output_1.printJson)(out, failed);
        else
            for (const f of failed)
                out.print(`${f.event_id}  ${f.type}  ${f.endpoint_id}  ${f.attempts} attempts, last ${f.last_response_status ?? '-'}  ${f.last_error ?? ''}`);
    });
}
//# sourceMappingURL=webhooks.command.js.map