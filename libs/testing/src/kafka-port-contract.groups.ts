import { randomUUID } from 'node:crypto';
import { type ContractContext } from './kafka-port-contract.context';
import { waitFor } from './wait-for';

/** The contract's consumer-group part: deleting a group, and refusing to while it has members. */
export function describeGroupContract(ctx: ContractContext): void {
  it('deletes a group only once it has no member, its committed offsets with it', async () => {
    const name = await ctx.topic('groups', 2);
    await ctx.produce(name, [
      { key: 'a', value: '1' },
      { key: 'b', value: '2' },
    ]);
    const groupId = `contract-${randomUUID()}`;
    const member = ctx.kafka.consumer({ groupId, maxWaitTimeMs: 50 });
    let joined = false;
    member.onGroupJoin(() => (joined = true));
    await member.connect();
    await member.subscribe([name], { fromBeginning: true });
    await member.run({ autoCommit: false, eachBatch: () => Promise.resolve() });
    await waitFor(() => (joined ? true : undefined), 30_000, 'the member to join its group');
    await member.commitOffsets([{ topic: name, partition: 0, offset: '1' }]);
    const admin = ctx.kafka.admin();
    await admin.connect();
    try {
      const other = `contract-${randomUUID()}`;
      // A member still in it: refused, and the group is left as it is.
      expect(await admin.deleteGroups([groupId, other])).toEqual(
        new Map([
          [groupId, 'not-empty'],
          [other, 'not-found'],
        ]),
      );
      await member.disconnect();
      expect(await admin.deleteGroups([groupId])).toEqual(new Map([[groupId, 'deleted']]));
      expect(await admin.deleteGroups([groupId])).toEqual(new Map([[groupId, 'not-found']]));
      expect(await admin.deleteGroups([])).toEqual(new Map());
    } finally {
      await member.disconnect();
      await admin.disconnect();
    }
  });
}
