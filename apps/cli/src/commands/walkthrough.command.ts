import { type Command, InvalidArgumentError } from 'commander';

import { runWalkthrough } from '../walkthrough/walkthrough';
import { loadCliConfig } from '../cli.config';

function freshnessTimeoutArgument(value: string): number {
  const ms = Number(value);
  if (!/^\d+$/.test(value) || ms < 1 || ms > 600000)
    throw new InvalidArgumentError('the timeout is a whole number of milliseconds from 1 to 600000');
  return ms;
}

export function registerWalkthroughCommand(program: Command): void {
  program
    .command('walkthrough')
    .description('drive the running service as a new partner and pilot would, printing each step')
    .option('--partner-api <url>', 'partner API address', 'http://127.0.0.1:3000')
    .option('--ingestion <url>', 'ingestion (pilot app API) address', 'http://127.0.0.1:3001')
    .option(
      '--freshness-timeout <ms>',
      'how long a partner read may take to show the last write',
      freshnessTimeoutArgument,
      10000,
    )
    .action(async (options: { partnerApi: string; ingestion: string; freshnessTimeout: number }) => {
      await runWalkthrough(
        loadCliConfig(),
        {
          partnerApiUrl: options.partnerApi,
          ingestionUrl: options.ingestion,
          freshnessTimeoutMs: options.freshnessTimeout,
        },
        (line) => console.log(line),
      );
    });
}
