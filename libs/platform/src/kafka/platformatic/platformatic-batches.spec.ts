import { type ConsumerRun } from '../kafka.port';
import { PartitionHighWatermarks } from './partition-high-watermarks';
import { PartitionPositions } from './partition-positions';
import { type Fetched, PartitionBatchHandler, partitionBatches } from './platformatic-batches';

const record = (topic: string, partition: number, offset: bigint, commits: bigint[] = []): Fetched =>
  ({
    topic,
    partition,
    offset,
    key: Buffer.from(`k${offset}`),
    value: Buffer.from(`v${offset}`),
    commit: (done: (error?: Error) => void) => {
      commits.push(offset);
      done();
    },
  }) as unknown as Fetched;

const offsets = (batch: { records: Fetched[] }) => batch.records.map((r) => r.offset);

describe('partitionBatches', () => {
  it('groups the records by partition in offset order, dropping those a seek made obsolete', () => {
    const positions = new PartitionPositions();
    positions.seek('t:1', 10n);
    const refetched: [string, bigint][] = [];
    const batches = partitionBatches(
      [record('t', 0, 1n), record('t', 1, 12n), record('t', 0, 2n), record('t', 1, 10n), record('t', 1, 11n)],
      positions,
      (key, offset) => refetched.push([key, offset]),
    );
    expect(batches.map((b) => [b.key, offsets(b)])).toEqual([
      ['t:0', [1n, 2n]],
      ['t:1', [10n, 11n]],
    ]);
    expect(refetched).toEqual([['t:1', 10n]]);
  });
});

describe('PartitionBatchHandler', () => {
  const handler = (positions: PartitionPositions, running = () => true) =>
    new PartitionBatchHandler(positions, new PartitionHighWatermarks(() => Promise.resolve(40n)), running, {
      initialRetryTime: 1,
      retries: 2,
    });

  it('hands the batch with its partition end, retries a failing handler, then commits its last record', async () => {
    const commits: bigint[] = [];
    const seen: { highWatermark: string; offsets: string[] }[] = [];
    let failures = 2;
    const run: ConsumerRun = {
      eachBatch: ({ batch }) => {
        seen.push({ highWatermark: batch.highWatermark, offsets: batch.messages.map((m) => m.offset) });
        return failures-- > 0 ? Promise.reject(new Error('not yet')) : Promise.resolve();
      },
    };
    const records = [record('t', 0, 5n, commits), record('t', 0, 6n, commits)];
    await handler(new PartitionPositions()).handle({ key: 't:0', topic: 't', partition: 0, records }, run);
    expect(seen).toEqual(Array(3).fill({ highWatermark: '40', offsets: ['5', '6'] }));
    expect(commits).toEqual([6n]);
  });

  it('gives up once the retries are spent, committing nothing', async () => {
    const commits: bigint[] = [];
    const run: ConsumerRun = { eachBatch: () => Promise.reject(new Error('never')) };
    const records = [record('t', 0, 5n, commits)];
    await expect(
      handler(new PartitionPositions()).handle({ key: 't:0', topic: 't', partition: 0, records }, run),
    ).rejects.toThrow('never');
    expect(commits).toEqual([]);
  });

  it('stops handing messages one by one, and commits nothing, once a seek made the batch stale', async () => {
    const commits: bigint[] = [];
    const positions = new PartitionPositions();
    const handled: string[] = [];
    const run: ConsumerRun = {
      eachMessage: ({ message }) => {
        handled.push(message.offset);
        positions.seek('t:0', 0n);
        return Promise.resolve();
      },
    };
    const records = [record('t', 0, 5n, commits), record('t', 0, 6n, commits)];
    await handler(positions).handle({ key: 't:0', topic: 't', partition: 0, records }, run);
    expect(handled).toEqual(['5']);
    expect(commits).toEqual([]);
  });
});
