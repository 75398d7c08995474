import { type Command } from 'commander';

import { runWalkthrough } from '../walkthrough/walkthrough';
import { loadCliConfig } from '../cli.config';

export function registerWalkthroughCommand(program: Command): void {
  program
    .command('walkthrough')
    .description('drive the running service as a new partner and pilot would, printing each step')
    .option('--partner-api <url>', 'partner API address', 'http://127.0.0.1:3000')
    .option('--ingestion <url>', 'ingestion (pilot app API) address', 'http://127.0.0.1:3001')
    .option('--freshness-timeout <ms>', 'how long a partner read may take to show the last write', '10000')
    .action(async (options: { partnerApi: string; ingestion: string; freshnessTimeout: string }) => {
      await runWalkthrough(
        loadCliConfig(),
        {
          partnerApiUrl: options.partnerApi,
          ingestionUrl: options.ingestion,
          freshnessTimeoutMs: Number(options.freshnessTimeout),
        },
        (line) => console.log(line),
      );
    });
}
