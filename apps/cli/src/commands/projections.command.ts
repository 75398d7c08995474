import { type Command, InvalidArgumentError } from 'commander';
import { createDataSource } from '@pft/platform/database/data-source';
import { announcePartnerReadChange } from '@pft/totals/read/partner-read-announcement';
import { OffsetsPastEndError } from '@pft/totals/projection/offsets-past-end';
import { foldConcurrency } from '@pft/totals/projection/pilot-totals.consumer-options';
import {
  defaultRebuildMembers,
  RebuildInterruptedError,
  rebuildPilotTotals,
} from '@pft/totals/projection/projection-rebuild';
import { RebuildRunningError } from '@pft/totals/projection/projection-rebuild-lock';
import { readProjectionStatus, type ProjectionStatus } from '@pft/totals/projection/projection-status';
import { PILOT_TOTALS_PROJECTION } from '@pft/totals/projection/projection-tables';
import { TopicIncompleteError } from '@pft/totals/projection/topic-beginning';
import { CliError } from '../cli-error';
import { reachKafka } from '../kafka/reach-kafka';
import { consoleOutput, type Output, printJson } from '../output/output';
import { startProgress } from '../progress/progress-reporter';
import { tellPartnerApi } from './tell-partner-api';
import { loadCliConfig } from '../cli.config';
import { startFoldThreads } from '../rebuild/fold-threads';
import { memberWarnings } from '../rebuild/member-warnings';
import { requireEventsTopic } from './projections-dependencies';

const iso = (d: Date | null): string => (d ? d.toISOString() : '-');

function printStatus(out: Output, status: ProjectionStatus): void {
  out.print(`${status.projection} (topic ${status.topic}), last switched ${iso(status.switchedAt)}`);
  for (const v of status.versions) {
    out.print(`\n  version ${v.version} (${v.role}): lag ${v.lag}, dead letters ${v.deadLetters}`);
    for (const p of v.partitions.filter((each) => each.eventsGone > 0))
      out.print(
        `    EVENTS GONE: partition ${p.partition} begins at offset ${p.start}, version ${v.version} reads on from ` +
          `${p.next}: ${p.eventsGone} events deleted from the topic before they were folded; the version cannot be ` +
          'complete (docs/operations.md, "Events gone from the pilot-events topic")',
      );
    for (const p of v.partitions.filter((each) => each.pastEnd))
      out.print(
        `    OFFSET_PAST_TOPIC_END: partition ${p.partition} ends at offset ${p.end}, version ${v.version} reads on ` +
          `from ${p.next}: the topic is not the one the version read; the partition folds nothing until a version ` +
          'is rebuilt from this topic (docs/operations.md, "Stored offsets past the end of the topic")',
      );
    if (v.lastDeadLetter) {
      const d = v.lastDeadLetter;
      out.print(
        `    last dead letter ${iso(d.at)} at partition ${d.partition} offset ${d.offset}: ${d.reason}`,
      );
    }
    out.print('    partition        end       next        lag  complete through');
    for (const p of v.partitions) {
      out.print(
        `    ${String(p.partition).padStart(9)} ${String(p.end).padStart(10)} ${String(p.next).padStart(10)} ${String(p.lag).padStart(10)}  ${iso(p.completeThrough)}`,
      );
    }
  }
}

/** `version 2's tables`, `versions 1 and 2's tables`. */
function versionsText(versions: number[]): string {
  if (versions.length === 0) return 'no tables';
  if (versions.length === 1) return `version ${versions[0]}'s tables`;
  return `versions ${versions.slice(0, -1).join(', ')} and ${versions.at(-1)}'s tables`;
}

function membersArgument(value: string): number {
  const members = Number(value);
  if (!/^\d+$/.test(value) || members < 1 || members > 16)
    throw new InvalidArgumentError('the number of fold threads is a whole number from 1 to 16');
  return members;
}

function intervalArgument(value: string): number {
  const seconds = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || seconds <= 0 || seconds > 3600)
    throw new InvalidArgumentError('the interval is a number of seconds above 0, at most 3600');
  return seconds;
}

export function registerProjectionsCommands(program: Command, out: Output = consoleOutput): void {
  const projections = program.command('projections').description('the read-side projections (pilot totals)');

  projections
    .command('status')
    .description('active version per projection, lag per partition, dead letters')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      const config = loadCliConfig();
      const kafka = await reachKafka(config, out);
      await requireEventsTopic(kafka, config.PILOT_EVENTS_TOPIC, config.KAFKA_BROKERS);
      const dataSource = await createDataSource(config.DATABASE_URL, 2).initialize();
      try {
        const status = await readProjectionStatus(dataSource, kafka, config.PILOT_EVENTS_TOPIC);
        if (options.json) printJson(out, status);
        else printStatus(out, status);
      } finally {
        await dataSource.destroy();
      }
    });

  projections
    .command('rebuild')
    .argument('<name>', `the projection to rebuild (${PILOT_TOTALS_PROJECTION})`)
    .description(
      'build the next version from offset 0 while the active one serves, switch readers once caught up, drop the old tables; run again to resume. ' +
        'Progress goes to stderr: a bar in a terminal, a line every --progress-interval seconds without one',
    )
    .option(
      '--progress-interval <seconds>',
      'without a terminal, seconds between progress lines',
      intervalArgument,
      5,
    )
    .option(
      '--threads <count>',
      "threads folding the topic at once, each a member of the new version's consumer group with its own " +
        'Kafka client and database pool (DATABASE_POOL_SIZE connections each); by default one a core, at most 4',
      membersArgument,
      defaultRebuildMembers(),
    )
    .option('--json', 'print the result as JSON')
    .action(async (name: string, options: { progressInterval: number; threads: number; json?: boolean }) => {
      if (name !== PILOT_TOTALS_PROJECTION)
        throw new CliError(
          'UNKNOWN_PROJECTION',
          `unknown projection ${name}; known: ${PILOT_TOTALS_PROJECTION}`,
        );
      const config = loadCliConfig();
      const kafka = await reachKafka(config, out);
      await requireEventsTopic(kafka, config.PILOT_EVENTS_TOPIC, config.KAFKA_BROKERS);
      const dataSource = await createDataSource(config.DATABASE_URL, config.DATABASE_POOL_SIZE).initialize();
      const abort = new AbortController();
      const interrupt = (): void => abort.abort();
      process.once('SIGINT', interrupt);
      process.once('SIGTERM', interrupt);
      const progress = startProgress({ stream: process.stderr, intervalMs: options.progressInterval * 1000 });
      // Warnings while the work runs are printed with the progress, above its bar in a terminal.
      const warnings = { warn: (line: string) => progress.print(line) };
      try {
        const result = await rebuildPilotTotals({
          kafka,
          dataSource,
          topic: config.PILOT_EVENTS_TOPIC,
          deadLetterTopic: config.DEAD_LETTER_TOPIC,
          concurrency: foldConcurrency(config.DATABASE_POOL_SIZE),
          signal: abort.signal,
          // What the consumers warn of (one stopped and restarting, a dead letter): the command's own
          // as the first member, each fold thread's by its number.
          logger: memberWarnings(warnings, 1),
          startMembers: (version) =>
            startFoldThreads(
              options.threads - 1,
              version,
              (reason) =>
                warnings.warn(
                  `A fold thread stopped (${reason}); the other threads take over its partitions.`,
                ),
              (thread, message) => memberWarnings(warnings, thread).warn(message),
            ),
          afterSwitch: async () => {
            const failure = await tellPartnerApi(config, announcePartnerReadChange);
            if (failure !== undefined)
              warnings.warn(
                `Readers are switched, but Redis could not be told (${failure}); partner API replicas may ` +
                  'answer from memory for up to PARTNER_TOTALS_CACHE_MS.',
              );
          },
          onProgress: ({ version, ...snapshot }) =>
            progress.update(`${PILOT_TOTALS_PROJECTION} version ${version}`, snapshot),
        });
        progress.stop();
        if (options.json) printJson(out, result);
        else if (!result.built)
          out.print(
            `finished the rebuild of version ${result.version}: readers were switched to it already; dropped ${versionsText(result.dropped)}, left by the command that switched them`,
          );
        else
          out.print(
            `${result.resumed ? 'resumed and ' : ''}built version ${result.version} from ${result.messages} events with ${result.members} ${result.members === 1 ? 'thread' : 'threads'} in ${result.seconds.toFixed(1)} s; readers switched from version ${result.previous}, ${versionsText(result.dropped)} dropped`,
          );
      } catch (err) {
        progress.stop();
        if (err instanceof RebuildInterruptedError) {
          out.warn(err.message);
          process.exitCode = 130;
          return;
        }
        if (err instanceof TopicIncompleteError) throw new CliError('TOPIC_INCOMPLETE', err.message);
        if (err instanceof OffsetsPastEndError) throw new CliError('OFFSET_PAST_TOPIC_END', err.message);
        if (err instanceof RebuildRunningError) throw new CliError('REBUILD_RUNNING', err.message);
        throw err;
      } finally {
        process.off('SIGINT', interrupt);
        process.off('SIGTERM', interrupt);
        await dataSource.destroy();
      }
    });
}
