import { type Command, InvalidArgumentError } from 'commander';
import { isUuid } from '@pft/contracts';

import { mintPilotToken } from '@pft/logbook/pilot-auth/pilot-jwt';
import { loadCliConfig } from '../cli.config';

function seconds(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new InvalidArgumentError('must be a whole number of seconds above 0');
  return n;
}

/** An `<account-id>` argument: a UUID, lower-cased. */
function accountIdArgument(value: string): string {
  if (!isUuid(value)) throw new InvalidArgumentError('a pilot account id is a UUID');
  return value.toLowerCase();
}

/**
 * `pft token mint <account-id>`: a pilot token signed with the local JWT_SECRET, carrying the
 * configured JWT_ISSUER and JWT_AUDIENCE, for development and tests.
 */
export function registerTokenCommands(program: Command): void {
  const token = program.command('token').description('pilot tokens for the pilot app API');

  token
    .command('mint')
    .description('print a JWT (HS256, JWT_SECRET) whose subject is the given pilot account id')
    .argument('<account-id>', 'pilot account id (UUID)', accountIdArgument)
    .option('--ttl <seconds>', 'lifetime in seconds', seconds, 3600)
    .action((accountId: string, options: { ttl: number }) => {
      const config = loadCliConfig();
      const claims = { issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE };
      console.log(mintPilotToken(config.JWT_SECRET, accountId, options.ttl, Date.now(), claims));
    });
}
