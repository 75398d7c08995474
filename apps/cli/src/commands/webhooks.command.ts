import { type Command, InvalidArgumentError } from 'commander';
import { type DataSource } from 'typeorm';
import {
  disableEndpoint,
  enableEndpoint,
  listEndpointsForOperators,
  type OperatorEndpointView,
} from '@pft/webhooks/webhook-endpoints.repository';
import { listFailedDeliveries, redeliverEvent } from '@pft/webhooks/webhook-deliveries.repository';
import { isEndpointId } from '@pft/webhooks/domain';
import { CliError } from '../cli-error';
import { partnerIdArgument, withDatabase } from './command-support';
import { consoleOutput, type Output, printJson } from '../output/output';

function endpointIdArgument(value: string): string {
  if (!isEndpointId(value))
    throw new InvalidArgumentError('an endpoint id is we_ and a ULID; `pft webhooks list` shows them');
  return value;
}

function eventIdArgument(value: string): string {
  if (!/^evt_[0-9A-HJKMNP-TV-Z]{26}$/.test(value))
    throw new InvalidArgumentError('an event id is evt_ and a ULID; `pft webhooks failures` shows them');
  return value;
}

function limitArgument(value: string): number {
  const limit = Number(value);
  if (!/^\d+$/.test(value) || limit < 1 || limit > 1000)
    throw new InvalidArgumentError('the limit is 1 to 1000');
  return limit;
}

async function theEndpoint(dataSource: DataSource, endpointId: string): Promise<OperatorEndpointView> {
  const [endpoint] = await listEndpointsForOperators(dataSource, { endpointId });
  if (!endpoint) throw new CliError('WEBHOOK_ENDPOINT_NOT_FOUND', `no webhook endpoint ${endpointId}`);
  return endpoint;
}

function line(e: OperatorEndpointView): string {
  const state =
    e.status === 'disabled'
      ? `disabled ${e.disabled_at ?? ''} (${e.disabled_reason ?? 'no reason'})`
      : 'enabled';
  const failing = e.failing_since ? `, failing since ${e.failing_since}` : '';
  return `${e.id}  ${e.partner_id}  ${state}${failing}  pending ${e.pending_deliveries}, failed ${e.failed_deliveries}  ${e.url}  [${e.events.join(', ')}]`;
}

/** `pft webhooks list|disable|enable|redeliver|failures`: partners' webhook endpoints and their deliveries. */
export function registerWebhooksCommands(program: Command, out: Output = consoleOutput): void {
  const webhooks = program
    .command('webhooks')
    .description('webhook endpoints of partners and their deliveries');

  webhooks
    .command('list')
    .description('list endpoints: state, failures, queue')
    .option('--partner <partner-id>', 'only this partner account’s', partnerIdArgument)
    .option('--json', 'print JSON')
    .action(async (options: { partner?: string; json?: boolean }) => {
      const endpoints = await withDatabase((db) =>
        listEndpointsForOperators(db, { partnerId: options.partner }),
      );
      if (options.json) printJson(out, endpoints);
      else for (const e of endpoints) out.print(line(e));
    });

  /** A command that changes one endpoint, then prints it as it is now. */
  const endpointChange = (
    name: string,
    description: string,
    change: (db: DataSource, endpointId: string) => Promise<unknown>,
  ): void => {
    webhooks
      .command(name)
      .description(description)
      .argument('<endpoint-id>', 'the endpoint, we_...', endpointIdArgument)
      .option('--json', 'print the endpoint as JSON')
      .action(async (endpointId: string, options: { json?: boolean }) => {
        const endpoint = await withDatabase(async (db) => {
          await theEndpoint(db, endpointId);
          await change(db, endpointId);
          return theEndpoint(db, endpointId);
        });
        if (options.json) printJson(out, endpoint);
        else out.print(line(endpoint));
      });
  };
  endpointChange(
    'disable',
    'disable an endpoint: nothing more is sent to it, what was queued is dropped',
    (db, endpointId) => disableEndpoint(db, endpointId, 'disabled by an operator'),
  );
  endpointChange('enable', 'enable a disabled endpoint again, its failures forgotten', (db, endpointId) =>
    enableEndpoint(db, endpointId),
  );

  webhooks
    .command('redeliver')
    .description(
      'deliver an event again (same id and body), to each endpoint it went to or to one; never one about a pilot whose link has ended, nor while it is being sent',
    )
    .argument('<event-id>', 'the event, evt_...', eventIdArgument)
    .option('--endpoint <endpoint-id>', 'only to this endpoint', endpointIdArgument)
    .option('--json', 'print JSON')
    .action(async (eventId: string, options: { endpoint?: string; json?: boolean }) => {
      const redelivery = await withDatabase((db) => redeliverEvent(db, eventId, options.endpoint));
      if (!redelivery.ok && redelivery.reason === 'in_flight')
        throw new CliError(
          'WEBHOOK_DELIVERY_IN_FLIGHT',
          `${eventId} is being sent to endpoint ${redelivery.endpointId} right now (a dispatcher holds it until ${redelivery.claimedUntil.toISOString()} at the latest), and queued again now it would be sent twice at once; nothing was queued: run the redelivery again once that attempt has settled`,
        );
      if (!redelivery.ok)
        throw new CliError(
          'WEBHOOK_LINK_ENDED',
          `${eventId} is a ${redelivery.type} about a pilot whose link to the partner has ended (the pilot disconnected, or the account was erased): sent now it would reach the partner after that link's pilot.disconnected${redelivery.type === 'pilot.linked' ? ', as if the pilot had linked again' : ''}; nothing was queued`,
        );
      const { queued } = redelivery;
      if (queued === 0)
        throw new CliError('WEBHOOK_EVENT_NOT_FOUND', `no delivery of ${eventId} to an enabled endpoint`);
      if (options.json) printJson(out, { eventId, queued });
      else out.print(`${eventId}: queued again for ${queued} endpoint(s)`);
    });

  webhooks
    .command('failures')
    .description('deliveries that failed (retries used up, or dropped), newest first')
    .option('--endpoint <endpoint-id>', 'only this endpoint’s', endpointIdArgument)
    .option('--limit <n>', 'at most this many (default 50)', limitArgument, 50)
    .option('--json', 'print JSON')
    .action(async (options: { endpoint?: string; limit: number; json?: boolean }) => {
      const failed = await withDatabase((db) =>
        listFailedDeliveries(db, { endpointId: options.endpoint, limit: options.limit }),
      );
      if (options.json) printJson(out, failed);
      else
        for (const f of failed)
          out.print(
            `${f.event_id}  ${f.type}  ${f.endpoint_id}  ${f.attempts} attempts, last ${f.last_response_status ?? '-'}  ${f.last_error ?? ''}`,
          );
    });
}
