import { type Command } from 'commander';
import { Bar, Presets } from 'cli-progress';
import { announcePartnerReadChange, createDataSource, createKafka, loadConfig } from '@pft/infrastructure';
import {
  PILOT_TOTALS_PROJECTION,
  RebuildInterruptedError,
  readProjectionStatus,
  rebuildPilotTotals,
  type ProjectionStatus,
} from '@pft/infrastructure/projections';
import { tellPartnerApi } from './tell-partner-api';

const iso = (d: Date | null): string => (d ? d.toISOString() : '-');

function printStatus(status: ProjectionStatus): void {
  console.log(`${status.projection} (topic ${status.topic}), last switched ${iso(status.switchedAt)}`);
  for (const v of status.versions) {
    console.log(`\n  version ${v.version} (${v.role}): lag ${v.lag}, dead letters ${v.deadLetters}`);
    if (v.lastDeadLetter) {
      const d = v.lastDeadLetter;
      console.log(
        `    last dead letter ${iso(d.at)} at partition ${d.partition} offset ${d.offset}: ${d.reason}`,
      );
    }
    console.log('    partition        end       next        lag  complete through');
    for (const p of v.partitions) {
      console.log(
        `    ${String(p.partition).padStart(9)} ${String(p.end).padStart(10)} ${String(p.next).padStart(10)} ${String(p.lag).padStart(10)}  ${iso(p.completeThrough)}`,
      );
    }
  }
}

export function registerProjectionsCommands(program: Command): void {
  const projections = program.command('projections').description('the read-side projections (pilot totals)');

  projections
    .command('status')
    .description('active version per projection, lag per partition, dead letters')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      const config = loadConfig();
      const dataSource = await createDataSource(config.DATABASE_URL, 2).initialize();
      try {
        const kafka = createKafka(config.KAFKA_BROKERS, config.KAFKA_CLIENT_ID);
        const status = await readProjectionStatus(dataSource, kafka, config.PILOT_EVENTS_TOPIC);
        if (options.json) console.log(JSON.stringify(status, null, 2));
        else printStatus(status);
      } finally {
        await dataSource.destroy();
      }
    });

  projections
    .command('rebuild')
    .argument('<name>', `the projection to rebuild (${PILOT_TOTALS_PROJECTION})`)
    .description(
      'build the next version from offset 0 while the active one serves, switch readers once caught up, drop the old tables; run again to resume',
    )
    .action(async (name: string) => {
      if (name !== PILOT_TOTALS_PROJECTION)
        throw new Error(`unknown projection ${name}; known: ${PILOT_TOTALS_PROJECTION}`);
      const config = loadConfig();
      const dataSource = await createDataSource(config.DATABASE_URL, config.DATABASE_POOL_SIZE).initialize();
      const abort = new AbortController();
      const interrupt = (): void => abort.abort();
      process.once('SIGINT', interrupt);
      process.once('SIGTERM', interrupt);
      const bar = new Bar(
        {
          format:
            'version {version} [{bar}] {percentage}% | {value}/{total} events | {rate} ev/s | ETA {eta_formatted} | lag {lag}',
        },
        Presets.shades_classic,
      );
      let startedBar = false;
      let first: { at: number; done: number } | undefined;
      try {
        const result = await rebuildPilotTotals({
          kafka: createKafka(config.KAFKA_BROKERS, config.KAFKA_CLIENT_ID),
          dataSource,
          topic: config.PILOT_EVENTS_TOPIC,
          deadLetterTopic: config.DEAD_LETTER_TOPIC,
          concurrency: Math.max(1, Math.min(8, config.DATABASE_POOL_SIZE - 2)),
          signal: abort.signal,
          afterSwitch: async () => {
            const failure = await tellPartnerApi(config, announcePartnerReadChange);
            if (failure !== undefined)
              console.warn(
                `Readers are switched, but Redis could not be told (${failure}); partner API replicas may ` +
                  'answer from memory for up to PARTNER_TOTALS_CACHE_MS.',
              );
          },
          onProgress: ({ version, done, total, lag }) => {
            first ??= { at: Date.now(), done };
            const seconds = (Date.now() - first.at) / 1000;
            const rate = seconds > 0 ? Math.round((done - first.done) / seconds) : 0;
            if (!startedBar) {
              bar.start(total, done, { version, rate, lag });
              startedBar = true;
            }
            bar.setTotal(total);
            bar.update(done, { version, rate, lag });
          },
        });
        bar.stop();
        console.log(
          `${result.resumed ? 'resumed and ' : ''}built version ${result.version} from ${result.messages} events in ${result.seconds.toFixed(1)} s; readers switched from version ${result.previous}, its tables dropped`,
        );
      } catch (err) {
        bar.stop();
        if (err instanceof RebuildInterruptedError) {
          console.log(err.message);
          process.exitCode = 130;
          return;
        }
        throw err;
      } finally {
        process.off('SIGINT', interrupt);
        process.off('SIGTERM', interrupt);
        await dataSource.destroy();
      }
    });
}
