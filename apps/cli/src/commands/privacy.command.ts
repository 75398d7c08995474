import { type Command, InvalidArgumentError } from 'commander';
import { PlainPayloadsLeft, republishEvents } from '@pft/privacy/sealing/republish-events';
import { sealStoredEvents } from '@pft/privacy/sealing/seal-stored-events';
import { createDataSource } from '@pft/platform/database/data-source';
import { KafkaTopicsError } from '@pft/platform/kafka/topic-replication';
import { ensureTopics, pilotTopics } from '@pft/platform/kafka/topics';
import { DataKeys } from '@pft/privacy/crypto/data-keys';
import { MasterKeyRing } from '@pft/privacy/crypto/master-keys';
import { markRepublished } from '@pft/webhooks/intake-marks';
import { CliError } from '../cli-error';
import { reachKafka } from '../kafka/reach-kafka';
import { consoleOutput, type Output, printJson } from '../output/output';
import { startProgress } from '../progress/progress-reporter';
import { type CliConfig, loadCliConfig } from '../cli.config';

function batchArgument(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 10_000)
    throw new InvalidArgumentError('the batch size is a whole number from 1 to 10000');
  return n;
}

const keysOf = (config: CliConfig): DataKeys =>
  new DataKeys(
    MasterKeyRing.fromBase64(
      config.PFT_MASTER_KEY,
      config.PFT_PREVIOUS_MASTER_KEYS.split(',')
        .map((k) => k.trim())
        .filter((k) => k !== ''),
    ),
  );

/** `pft privacy`: sealing what was stored in the clear, and the master key's rotation (docs/privacy.md). */
export function registerPrivacyCommands(program: Command, out: Output = consoleOutput): void {
  const privacy = program.command('privacy').description('pilots’ data keys and sealed event payloads');

  privacy
    .command('seal-events')
    .description(
      'seal, in place, the payloads of pilot logbook events stored in the clear (from before sealing), each with its pilot’s data key; ' +
        'with --republish-to, then publish every event to that new topic, for readers to move to before the old topic (holding the clear payloads) is deleted, ' +
        'marked as read by the webhook dispatcher (it read them from the old topic). ' +
        'Stop the ingestion apps’ relays first (RELAY_ENABLED=false) and let the webhook dispatcher read the old topic to its end. Run again to resume. Progress goes to stderr',
    )
    .option('--republish-to <topic>', 'the new pilot-events topic to publish every stored event to')
    .option('--batch-size <n>', 'events per transaction', batchArgument, 500)
    .option('--json', 'print {sealed, left_to_erasures, republished} as JSON')
    .action(async (options: { republishTo?: string; batchSize: number; json?: boolean }) => {
      const config = loadCliConfig();
      if (options.republishTo === config.PILOT_EVENTS_TOPIC)
        throw new CliError(
          'TOPIC_NOT_NEW',
          `--republish-to must name a new topic, not PILOT_EVENTS_TOPIC (${config.PILOT_EVENTS_TOPIC}): a topic cannot be rewritten`,
        );
      const kafka = options.republishTo ? await reachKafka(config, out) : undefined;
      const dataSource = await createDataSource(config.DATABASE_URL, 2).initialize();
      // One reporter per phase, each ending with its last line.
      let progress = startProgress({ stream: process.stderr, intervalMs: 5000 });
      try {
        const { sealed, leftToErasures } = await sealStoredEvents(dataSource, {
          batchSize: options.batchSize,
          keys: keysOf(config),
          onProgress: ({ done, total }) => progress.update('sealing stored events', { done, total, lag: 0 }),
        });
        progress.stop();
        let republished: number | null = null;
        if (kafka && options.republishTo) {
          progress = startProgress({ stream: process.stderr, intervalMs: 5000 });
          await ensureTopics(
            kafka,
            pilotTopics({ ...config, PILOT_EVENTS_TOPIC: options.republishTo }),
          ).catch((error: unknown) => {
            throw error instanceof KafkaTopicsError ? new CliError(error.code, error.message) : error;
          });
          const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
          await producer.connect();
          try {
            const topic = options.republishTo;
            ({ published: republished } = await republishEvents(dataSource, producer, topic, {
              batchSize: Math.max(options.batchSize, 1000),
              onProgress: ({ done, total }) =>
                progress.update(`republishing to ${topic}`, { done, total, lag: 0 }),
            }).catch((error: unknown) => {
              // A payload still in the clear that no erasure will shred: none is ever published.
              throw error instanceof PlainPayloadsLeft ? new CliError(error.code, error.message) : error;
            }));
          } finally {
            await producer.disconnect();
          }
          // Each event republished was taken in by the webhooks dispatcher from the topic before: read
          // again on the new one, an erased pilot's link notices (sent, then deleted) are not queued again.
          const admin = kafka.admin();
          await admin.connect();
          const ends = await admin.fetchTopicOffsets(options.republishTo).finally(() => admin.disconnect());
          await markRepublished(dataSource, options.republishTo, ends);
        }
        progress.stop();
        if (options.json) printJson(out, { sealed, leftToErasures, republished });
        else {
          out.print(
            `sealed ${sealed} event payloads` +
              (leftToErasures > 0 ? `; ${leftToErasures} left to the account erasures under way` : ''),
          );
          if (republished !== null)
            out.print(
              `published ${republished} events to ${options.republishTo}; set PILOT_EVENTS_TOPIC=${options.republishTo}, ` +
                `start the apps, rebuild the projections (pft projections rebuild pilot_totals), then delete ${config.PILOT_EVENTS_TOPIC}`,
            );
        }
      } catch (err) {
        progress.stop();
        throw err;
      } finally {
        await dataSource.destroy();
      }
    });

  privacy
    .command('rewrap-keys')
    .description(
      'wrap every pilot data key with PFT_MASTER_KEY that is still wrapped with an earlier master key (listed in PFT_PREVIOUS_MASTER_KEYS): the rotation of the master key',
    )
    .option('--json', 'print {rewrapped} as JSON')
    .action(async (options: { json?: boolean }) => {
      const config = loadCliConfig();
      const dataSource = await createDataSource(config.DATABASE_URL, 1).initialize();
      try {
        const rewrapped = await keysOf(config).rewrapAll(dataSource, (done) =>
          process.stderr.write(`rewrapped ${done} data keys\n`),
        );
        if (options.json) printJson(out, { rewrapped });
        else
          out.print(
            `rewrapped ${rewrapped} data keys with the current master key; the earlier ones may be removed from PFT_PREVIOUS_MASTER_KEYS`,
          );
      } finally {
        await dataSource.destroy();
      }
    });
}
