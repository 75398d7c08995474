import { randomUUID } from 'node:crypto';
import { type EventConsumer } from '@pft/platform';
import { type ContractContext } from './kafka-port-contract.context';
import { deleteRecordsBefore } from './test-kafka-records';
import { waitFor } from './wait-for';

/** Keys the Java client's partitioner puts on partitions 0, 1 and 2 of a three-partition topic. */
const KEYS_BY_PARTITION = ['pilot-0', 'pilot-2', 'pilot-1'];

/**
 * The contract's part about offsets no longer on a topic (its records deleted by a retention): a
 * consumer reads on from what the topic still holds, as the client's reset says, and hands it out.
 */
export function describeRetentionContract(ctx: ContractContext): void {
  const { topic, produce, consumer } = ctx;

  /** `count` messages on each partition of a three-partition topic, valued by their index. */
  const onEachPartition = (count: number) =>
    KEYS_BY_PARTITION.flatMap((key) => Array.from({ length: count }, (_, i) => ({ key, value: `${i}` })));

  /** Runs `c` on `name`, committing nothing, and collects `partition@offset` of the batches not stale. */
  const collect = async (c: EventConsumer, name: string, fromBeginning: boolean): Promise<string[]> => {
    const seen: string[] = [];
    await c.connect();
    await c.subscribe([name], { fromBeginning });
    await c.run({
      autoCommit: false,
      eachBatch: ({ batch, isStale }) => {
        if (!isStale()) seen.push(...batch.messages.map((m) => `${batch.partition}@${m.offset}`));
        return Promise.resolve();
      },
    });
    return seen;
  };

  const of = (seen: string[], partition: number) =>
    seen.filter((s) => s.startsWith(`${partition}@`)).map((s) => s.slice(s.indexOf('@') + 1));

  it('reads a partition sought below its first offset from that first offset, each time it is sought there', async () => {
    const name = await topic('below-start', 3);
    await produce(name, onEachPartition(10));
    await deleteRecordsBefore(name, 2, 6);
    const c = consumer();
    const seen = await collect(c, name, true);
    // As the projector does with an offset stored before the records were deleted.
    c.seek(name, 2, '2');
    await waitFor(
      () => (of(seen, 2).includes('9') ? true : undefined),
      20_000,
      'the first offset still held',
    );
    expect(of(seen, 2)).toEqual(['6', '7', '8', '9']);

    // Sought there again (the projector seeks back once before it parks the partition): the same.
    c.seek(name, 2, '2');
    await waitFor(() => (of(seen, 2).length >= 8 ? true : undefined), 20_000, 'the first offset again');
    expect(of(seen, 2)).toEqual(['6', '7', '8', '9', '6', '7', '8', '9']);
    // The other partitions are read whole, once.
    await waitFor(() => (of(seen, 1).includes('9') ? true : undefined), 20_000, 'the other partitions');
    const whole = Array.from({ length: 10 }, (_, i) => String(i));
    expect([of(seen, 0), of(seen, 1)]).toEqual([whole, whole]);
  });

  it('reads a partition whose committed offset is gone from its first offset', async () => {
    const name = await topic('committed-gone', 1);
    await produce(name, onEachPartition(10).slice(0, 10));
    const groupId = `contract-${randomUUID()}`;
    const first = ctx.kafka.consumer({ groupId, maxWaitTimeMs: 50 });
    let joined = false;
    first.onGroupJoin(() => (joined = true));
    await collect(first, name, true);
    await waitFor(() => (joined ? true : undefined), 20_000, 'the first member to join');
    await first.commitOffsets([{ topic: name, partition: 0, offset: '2' }]);
    await first.disconnect();
    await deleteRecordsBefore(name, 0, 6);

    const second = ctx.kafka.consumer({ groupId, maxWaitTimeMs: 50 });
    try {
      const seen = await collect(second, name, true);
      await waitFor(() => (seen.includes('0@9') ? true : undefined), 20_000, 'the first offset still held');
      expect(seen).toEqual(['0@6', '0@7', '0@8', '0@9']);
    } finally {
      await second.disconnect();
    }
  });

  it('reads a partition sought below its first offset from its end when not subscribed from the beginning', async () => {
    const name = await topic('below-start-end', 1);
    await produce(name, onEachPartition(10).slice(0, 10));
    await deleteRecordsBefore(name, 0, 6);
    const c = consumer();
    const seen = await collect(c, name, false);
    c.seek(name, 0, '2');
    // Until one arrives: those produced before the fetch that finds offset 2 gone are behind the end.
    let after = 0;
    await waitFor(
      async () => {
        if (seen.length > 0) return true;
        await produce(name, [{ key: 'k', value: `after-${after++}` }]);
        return undefined;
      },
      20_000,
      'a message produced after',
      300,
    );
    expect(seen.filter((s) => BigInt(s.slice(2)) < 10n)).toEqual([]);
  });
}
