import { type Command, InvalidArgumentError } from 'commander';
import { type DataSource } from 'typeorm';
import {
  DEFAULT_PARTNER_SCOPES,
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  PARTNER_SCOPES,
  parseScopes,
  type PartnerScope,
} from '@pft/partners/domain';
import { announceApiKeyChange } from '@pft/partners/api-keys/api-keys-revision';
import {
  issueApiKey,
  listApiKeys,
  revokeApiKey,
  setApiKeyRateLimit,
  setApiKeyScopes,
  type ApiKeyRecord,
} from '@pft/partners/api-keys/api-keys.repository';
import { CliError } from '../cli-error';
import { partnerIdArgument, withDatabase } from './command-support';
import { consoleOutput, type Output, printJson } from '../output/output';
import { waitWithCountdown } from '../progress/countdown';
import { tellPartnerApi } from './tell-partner-api';
import { loadCliConfig } from '../cli.config';

function scopesArgument(value: string): PartnerScope[] {
  const parsed = parseScopes(value);
  if (!parsed.ok) throw new InvalidArgumentError(`unknown scope(s): ${parsed.unknown.join(', ')}`);
  return parsed.scopes;
}

function limitArgument(value: string): number {
  const limit = Number(value);
  if (!/^\d+$/.test(value) || limit < 1 || limit > 1_000_000) {
    throw new InvalidArgumentError('the limit is a whole number of requests per minute, 1 to 1000000');
  }
  return limit;
}

/** What is shown of a key: never its hash. */
function describe(record: ApiKeyRecord): Record<string, unknown> {
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
async function announce(out: Output): Promise<void> {
  const config = loadCliConfig();
  const failure = await tellPartnerApi(config, announceApiKeyChange);
  if (failure === undefined) return;
  const seconds = Math.ceil(config.PARTNER_API_KEY_CACHE_MS / 1000);
  out.warn(
    `The change is stored, but Redis could not be told (${failure}). ` +
      `Waiting ${seconds} s (PARTNER_API_KEY_CACHE_MS) until no partner API replica can still use the old settings...`,
  );
  await waitWithCountdown(config.PARTNER_API_KEY_CACHE_MS, (line) => out.warn(line));
  out.warn('Done: every replica now uses the change.');
}

/** Runs a change to one key found by prefix, announces it, and prints the key as it now is. */
async function changeKey(
  out: Output,
  prefix: string,
  change: (dataSource: DataSource) => Promise<ApiKeyRecord | undefined>,
  done: string,
  json: boolean | undefined,
): Promise<void> {
  const record = await withDatabase(change);
  if (!record) throw new CliError('API_KEY_NOT_FOUND', `no API key with prefix ${prefix}`);
  await announce(out);
  if (json) {
    printJson(out, describe(record));
    return;
  }
  out.print(
    `${done} ${record.prefix}: scopes [${record.scopes.join(', ')}], ${record.rateLimit}/min${record.revokedAt ? `, revoked ${record.revokedAt.toISOString()}` : ''}`,
  );
}

/** `pft keys create|list|revoke|scopes|limit`: partner API keys, stored only as hashes. */
export function registerKeysCommands(program: Command, out: Output = consoleOutput): void {
  const keys = program.command('keys').description('API keys of the partner API');

  keys
    .command('create')
    .description('issue a key for a partner account; the key is printed once and never stored')
    .requiredOption('--partner <partner-id>', 'the partner account that owns the key', partnerIdArgument)
    .option(
      '--scopes <list>',
      `comma-separated: ${PARTNER_SCOPES.join(', ')}; empty for none`,
      scopesArgument,
      [...DEFAULT_PARTNER_SCOPES],
    )
    .option('--rate-limit <per-minute>', 'requests per minute', limitArgument, DEFAULT_RATE_LIMIT_PER_MINUTE)
    .option(
      '--sandbox',
      'a pft_test_ key: it sees only the partner’s sandbox (fixture pilots, simulations), never live pilots',
    )
    .option('--json', 'print the key and its properties as JSON')
    .action(
      async (options: {
        partner: string;
        scopes: PartnerScope[];
        rateLimit: number;
        sandbox?: boolean;
        json?: boolean;
      }) => {
        const { key, record } = await withDatabase((dataSource) =>
          issueApiKey(dataSource, {
            partnerId: options.partner,
            scopes: options.scopes,
            rateLimit: options.rateLimit,
            sandbox: options.sandbox === true,
          }),
        );
        if (options.json) {
          printJson(out, { key, ...describe(record) });
          return;
        }
        out.print(key);
        out.warn(
          `${record.sandbox ? 'sandbox ' : ''}key ${record.prefix} for partner ${record.accountId}: scopes [${record.scopes.join(', ')}], ${record.rateLimit}/min. ` +
            'It is shown this once; only its hash is kept.',
        );
      },
    );

  keys
    .command('list')
    .description('list keys by prefix (never the secret)')
    .option('--partner <partner-id>', 'only this partner’s keys', partnerIdArgument)
    .option('--json', 'print JSON')
    .action(async (options: { partner?: string; json?: boolean }) => {
      const records = await withDatabase((dataSource) => listApiKeys(dataSource, options.partner));
      if (options.json) {
        printJson(out, records.map(describe));
        return;
      }
      out.print(['prefix', 'partner', 'scopes', 'limit/min', 'created', 'revoked'].join('\t'));
      for (const r of records) {
        out.print(
          [
            r.prefix,
            r.accountId,
            r.scopes.join(',') || '-',
            r.rateLimit,
            r.createdAt.toISOString(),
            r.revokedAt?.toISOString() ?? '-',
          ].join('\t'),
        );
      }
    });

  keys
    .command('revoke')
    .description('revoke a key; effective at once on every replica')
    .argument('<prefix>', 'the key’s prefix, as listed')
    .option('--json', 'print the key as it now is as JSON')
    .action((prefix: string, options: { json?: boolean }) =>
      changeKey(out, prefix, (db) => revokeApiKey(db, prefix), 'revoked', options.json),
    );

  keys
    .command('scopes')
    .description('replace a key’s scopes')
    .argument('<prefix>', 'the key’s prefix, as listed')
    .argument('<scopes>', `comma-separated: ${PARTNER_SCOPES.join(', ')}; "" for none`, scopesArgument)
    .option('--json', 'print the key as it now is as JSON')
    .action((prefix: string, scopes: PartnerScope[], options: { json?: boolean }) =>
      changeKey(out, prefix, (db) => setApiKeyScopes(db, prefix, scopes), 'changed', options.json),
    );

  keys
    .command('limit')
    .description('set a key’s rate limit, requests per minute')
    .argument('<prefix>', 'the key’s prefix, as listed')
    .argument('<per-minute>', 'requests per minute', limitArgument)
    .option('--json', 'print the key as it now is as JSON')
    .action((prefix: string, limit: number, options: { json?: boolean }) =>
      changeKey(out, prefix, (db) => setApiKeyRateLimit(db, prefix, limit), 'changed', options.json),
    );
}
