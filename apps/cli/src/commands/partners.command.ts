import { type Command, InvalidArgumentError } from 'commander';
import { createDataSource } from '@pft/platform/database/data-source';
import { createPartner, listPartners, type Partner } from '@pft/partners/api-keys/api-keys.repository';
import { consoleOutput, type Output, printJson } from '../output/output';
import { loadCliConfig } from '../cli.config';

function nameArgument(value: string): string {
  const name = value.trim();
  const length = [...name].length;
  if (length < 1 || length > 200) throw new InvalidArgumentError('the name is 1 to 200 characters');
  return name;
}

/** What is shown of a partner account. */
function describe(partner: Partner): Record<string, unknown> {
  return { partnerId: partner.partnerId, name: partner.name, createdAt: partner.createdAt };
}

/** `pft partners create|list`: the partner accounts that own API keys and their pilots' connections. */
export function registerPartnersCommands(program: Command, out: Output = consoleOutput): void {
  const partners = program.command('partners').description('partner accounts of the partner API');

  partners
    .command('create')
    .description('create a partner account; prints its id')
    .argument('<name>', 'the partner’s name, 1 to 200 characters', nameArgument)
    .option('--json', 'print the account as JSON')
    .action(async (name: string, options: { json?: boolean }) => {
      const dataSource = await createDataSource(loadCliConfig().DATABASE_URL, 1).initialize();
      try {
        const partner = await createPartner(dataSource, name);
        if (options.json) printJson(out, describe(partner));
        else out.print(`created partner ${partner.partnerId} (${partner.name})`);
      } finally {
        await dataSource.destroy();
      }
    });

  partners
    .command('list')
    .description('list partner accounts')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      const dataSource = await createDataSource(loadCliConfig().DATABASE_URL, 1).initialize();
      try {
        const all = await listPartners(dataSource);
        if (options.json) {
          printJson(out, all.map(describe));
          return;
        }
        for (const p of all) out.print(`${p.partnerId}  ${p.createdAt.toISOString()}  ${p.name}`);
      } finally {
        await dataSource.destroy();
      }
    });
}
