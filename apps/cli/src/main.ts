import { Command } from 'commander';
import { registerDatabaseCommands } from './commands/database.command';
import { registerKafkaCommands } from './commands/kafka.command';
import { registerKeysCommands } from './commands/keys.command';
import { registerPartnersCommands } from './commands/partners.command';
import { registerProjectionsCommands } from './commands/projections.command';
import { registerTokenCommands } from './commands/token.command';
import { registerWalkthroughCommand } from './commands/walkthrough.command';

/** `pft`: the operators' command line. Each command reads the same environment as the apps. */
const program = new Command('pft')
  .description('Pilot Flight Totals operators’ commands')
  .showHelpAfterError();
registerDatabaseCommands(program);
registerKafkaCommands(program);
registerPartnersCommands(program);
registerKeysCommands(program);
registerProjectionsCommands(program);
registerTokenCommands(program);
registerWalkthroughCommand(program);

program.parseAsync(process.argv).catch((err: unknown) => {
  process.stderr.write(`pft: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
