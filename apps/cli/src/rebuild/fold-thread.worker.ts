import { parentPort, workerData } from 'node:worker_threads';
import { createDataSource } from '@pft/platform/database/data-source';
import { PilotTotalsConsumer } from '@pft/totals/projection/pilot-totals.consumer';
import { foldConcurrency } from '@pft/totals/projection/pilot-totals.consumer-options';
import { loadCliConfig } from '../cli.config';
import { workingKafka } from '../kafka/reach-kafka';
import { type FoldThreadData, type FoldThreadNews } from './fold-thread-messages';

/**
 * One fold thread of `pft projections rebuild`: a member of the version's consumer group with its own
 * Kafka client and database pool, read from the same environment as the command. It tells the command
 * when it has started and what its consumer warns of, and stops when told to.
 */
async function foldThread(data: FoldThreadData): Promise<void> {
  const port = parentPort!;
  const tell = (news: FoldThreadNews): void => port.postMessage(news);
  const config = loadCliConfig();
  // The command has reached Kafka already: the thread's client is the one it works with.
  const kafka = workingKafka(config);
  const dataSource = await createDataSource(config.DATABASE_URL, config.DATABASE_POOL_SIZE).initialize();
  const consumer = new PilotTotalsConsumer({
    kafka,
    dataSource,
    topic: config.PILOT_EVENTS_TOPIC,
    deadLetterTopic: config.DEAD_LETTER_TOPIC,
    version: data.version,
    concurrency: foldConcurrency(config.DATABASE_POOL_SIZE),
    logger: {
      log: () => undefined,
      warn: (message) => tell({ kind: 'warning', message }),
      error: (message) => tell({ kind: 'warning', message }),
    },
  });
  try {
    await consumer.start();
  } catch (error) {
    await consumer.stop().catch(() => undefined);
    await dataSource.destroy();
    throw error;
  }
  port.once('message', () => {
    void (async () => {
      try {
        await consumer.stop();
        await dataSource.destroy();
        tell({ kind: 'stopped' });
      } catch (error) {
        tell({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
      }
    })();
  });
  tell({ kind: 'started' });
}

foldThread(workerData as FoldThreadData).catch((error: unknown) =>
  parentPort!.postMessage({
    kind: 'failed',
    message: error instanceof Error ? error.message : String(error),
  } satisfies FoldThreadNews),
);
