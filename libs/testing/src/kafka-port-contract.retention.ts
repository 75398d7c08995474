import { type BatchPayload, type EventConsumer } from '@pft/platform';
import { type ContractContext } from './kafka-port-contract.context';
import { deleteRecordsBefore } from './test-kafka-records';
import { waitFor } from './wait-for';

/**
 * The contract's part about offsets no longer on a topic (its records deleted by a retention): a
 * consumer reads on from what the topic still holds, as the client's reset says, and hands it out.
 */
export function describeRetentionContract(ctx: ContractContext): void {
  const { topic, produce, consumer } = ctx;

  /** `count` messages keyed `k`, valued by their index. */
  const numbered = (count: number) => Array.from({ length: count }, (_, i) => ({ key: 'k', value: `${i}` }));

  /** Runs `c` on `name`, committing nothing, and collects the offsets of the batches not made stale. */
  const collect = async (
    c: EventConsumer,
    name: string,
    fromBeginning: boolean,
    then?: (payload: BatchPayload) => void,
  ): Promise<string[]> => {
    const offsets: string[] = [];
    await c.connect();
    await c.subscribe([name], { fromBeginning });
    await c.run({
      autoCommit: false,
      eachBatch: (payload) => {
        if (!payload.isStale()) offsets.push(...payload.batch.messages.map((m) => m.offset));
        then?.(payload);
        return Promise.resolve();
      },
    });
    return offsets;
  };

  it('reads a partition sought below its first offset from that first offset, each time it is sought there', async () => {
    const name = await topic('below-start', 1);
    await produce(name, numbered(10));
    await deleteRecordsBefore(name, 0, 6);
    const c = consumer();
    const offsets = await collect(c, name, true);
    // As the projector does with an offset stored before the records were deleted.
    c.seek(name, 0, '2');
    await waitFor(() => (offsets.includes('9') ? true : undefined), 20_000, 'the first offset still held');
    expect(offsets).toEqual(['6', '7', '8', '9']);

    // Sought there again (the projector seeks back once before it parks the partition): the same.
    c.seek(name, 0, '2');
    await waitFor(() => (offsets.length >= 8 ? true : undefined), 20_000, 'the first offset again');
    expect(offsets).toEqual(['6', '7', '8', '9', '6', '7', '8', '9']);
  });

  it('reads a partition sought below its first offset from its end when not subscribed from the beginning', async () => {
    const name = await topic('below-start-end', 1);
    await produce(name, numbered(10));
    await deleteRecordsBefore(name, 0, 6);
    const c = consumer();
    let joined = false;
    c.onGroupJoin(() => (joined = true));
    const offsets = await collect(c, name, false);
    c.seek(name, 0, '2');
    await waitFor(() => (joined ? true : undefined), 20_000, 'the consumer to join its group');
    // Past the fetch that finds offset 2 gone: what comes next is read from the end.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await produce(name, [{ key: 'k', value: 'after' }]);
    await waitFor(() => (offsets.includes('10') ? true : undefined), 20_000, 'the message produced after');
    expect(offsets).toEqual(['10']);
  });
}
