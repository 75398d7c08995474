import { Command } from 'commander';

import { type CliFailure, describeCliError, exitCodeOf, type CliServices, usageFailure } from './cli-error';
import { COMMAND_GROUPS, groupsToRegister } from './commands/command-groups';
import { endQuietlyOnClosedPipe } from './output/closed-pipe';
import { snakeCaseJson } from './output/snake-case-json';
import { versionLine } from './version';
import { CliConfig } from './cli.config';

endQuietlyOnClosedPipe(process.stdout, (code) => process.exit(code));
endQuietlyOnClosedPipe(process.stderr, (code) => process.exit(code));

/** A command asked for JSON reports its failure as JSON too, on stderr, for the script that asked. */
const asJson = process.argv.includes('--json');

/** How stderr tells a failure: `pft: <CODE>: <message>`, or one line of JSON under `--json`. */
const failureLine = (failure: CliFailure): string =>
  asJson ? `${snakeCaseJson({ error: failure })}\n` : `pft: ${failure.code}: ${failure.message}\n`;

/**
 * `pft`: the operators' command line. Each command reads the same environment as the apps. A usage
 * error (an unknown option or command, a missing argument, a value an option refuses) is told as
 * every other failure, under INVALID_USAGE, then the command's help unless JSON was asked for; the
 * settings reach every command, as commander copies them to each one made after.
 */
const program = new Command('pft')
  .description('Pilot Flight Totals operators’ commands')
  .version(versionLine(), '-V, --version', 'print the version of pft and of Node.js')
  .configureOutput({ outputError: (text, write) => write(failureLine(usageFailure(text))) })
  .showHelpAfterError(!asJson);
// Only the group of commands the arguments name, when they name one: a command loads its own modules.
for (const register of groupsToRegister(COMMAND_GROUPS, process.argv.slice(2))) register()(program);

program.parseAsync(process.argv).catch((err: unknown) => {
  const failure = describeCliError(err, services());
  process.stderr.write(failureLine(failure));
  process.exit(exitCodeOf(failure));
});

/** The services' addresses as the apps read them (an empty variable is unset), without validating. */
function services(): CliServices {
  const defaults = new CliConfig();
  return {
    DATABASE_URL: process.env.DATABASE_URL || defaults.DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL || defaults.REDIS_URL,
    KAFKA_BROKERS: process.env.KAFKA_BROKERS || defaults.KAFKA_BROKERS,
  };
}
