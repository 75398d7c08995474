import { type DataSource } from 'typeorm';
import { expectOracleTotals, testKafka, withProjectionGround } from '@pft/testing';
import {
  asKafkaMessages,
  historyMessages,
  oracleTotalsOf,
  publishMessages,
  sampleHistories,
  waitForProjection,
} from '@pft/testing/oracle';
import { PilotTotalsConsumer } from './pilot-totals.consumer';
import { readPilotTotals } from '../read/pilot-totals.read-model';
import { RebuildInterruptedError, rebuildPilotTotals } from './projection-rebuild';
import { readProjectionVersions } from './projection-versions';

describe('rebuilding the pilot totals projection while it is read (real Kafka and Postgres)', () => {
  const kafka = testKafka('pft-rebuild-test');
  let dataSource: DataSource;
  const ground = withProjectionGround(kafka, 12, (made) => (dataSource = made));

  it('serves only whole versions during an interrupted and resumed rebuild, then the new one equals the oracle', async () => {
    const [topic, deadLetters] = await ground.topicPair('projector-rebuild', 4);
    const histories = sampleHistories(100, 100, 31337);
    await publishMessages(
      kafka,
      topic,
      asKafkaMessages(historyMessages(histories, { duplicateEvery: 30 })),
      1000,
    );
    const expected = new Map(histories.map((h) => [h.pilotId, oracleTotalsOf(h.events)]));
    const ids = histories.map((h) => h.pilotId);

    let superseded = 0;
    const active = new PilotTotalsConsumer({
      kafka,
      dataSource,
      topic,
      deadLetterTopic: deadLetters,
      version: 1,
      onSuperseded: () => (superseded += 1),
    });
    await active.start();
    await waitForProjection(kafka, dataSource, topic);

    // Readers: 50 pilots a read, as the partner API's batch endpoint does, without pause.
    let reads = 0;
    const failures: string[] = [];
    let reading = true;
    const reader = (async () => {
      while (reading) {
        const chunk = ids.slice((reads % 2) * 50, (reads % 2) * 50 + 50);
        try {
          const read = await readPilotTotals(dataSource, chunk);
          for (const id of chunk) {
            if (JSON.stringify(read.get(id)?.totals) !== JSON.stringify(expected.get(id))) {
              failures.push(`read ${reads}: pilot ${id} differs from a whole version`);
            }
          }
        } catch (err) {
          failures.push(`read ${reads} failed: ${(err as Error).message}`);
        }
        reads += 1;
      }
    })();

    try {
      const abort = new AbortController();
      await expect(
        rebuildPilotTotals({
          kafka,
          dataSource,
          topic,
          deadLetterTopic: deadLetters,
          signal: abort.signal,
          // Small batches, so the build takes many steps and a reader could catch it half done.
          maxBytesPerPartition: 32 * 1024,
          pollMs: 20,
          onProgress: ({ done }) => {
            if (done > 0) abort.abort();
          },
        }),
      ).rejects.toBeInstanceOf(RebuildInterruptedError);
      expect(await readProjectionVersions(dataSource)).toMatchObject({ active: 1, building: 2 });

      let readsBeforeSwitch = 0;
      const result = await rebuildPilotTotals({
        kafka,
        dataSource,
        topic,
        deadLetterTopic: deadLetters,
        maxBytesPerPartition: 32 * 1024,
        pollMs: 20,
        beforeSwitch: async () => {
          // Version 2 is complete but not switched: reads must go on seeing version 1.
          readsBeforeSwitch = reads;
          await new Promise((resolve) => setTimeout(resolve, 300));
        },
        // The projector leaves version 1 once readers are switched, so its group can be deleted.
        afterSwitch: () => active.stop(),
      });
      expect(result).toMatchObject({ version: 2, previous: 1, resumed: true });
      expect(reads).toBeGreaterThan(readsBeforeSwitch);
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      reading = false;
      await reader;
      await active.stop();
    }

    expect(failures).toEqual([]);
    expect(reads).toBeGreaterThan(20);
    expect(await readProjectionVersions(dataSource)).toMatchObject({ active: 2, building: null });
    const [{ old }] = await dataSource.query(`select to_regclass('pilot_totals_v1') is null as old`);
    expect(old).toBe(true);
    await expectOracleTotals(dataSource, histories);
    // Writing version 1 after the switch would have failed: the consumer stopped at the first batch that tried.
    expect(superseded).toBeLessThanOrEqual(1);
  });

  it('folds with the members it is given, shares the partitions with them, stops them, and equals the oracle', async () => {
    const [topic, deadLetters] = await ground.topicPair('projector-rebuild-members', 12);
    const histories = sampleHistories(60, 100, 4242);
    await publishMessages(
      kafka,
      topic,
      asKafkaMessages(historyMessages(histories, { duplicateEvery: 25 })),
      1000,
    );

    // A member in this thread, as the CLI's fold threads are in theirs: a consumer of the version's group.
    let memberBatches = 0;
    let member: PilotTotalsConsumer | undefined;
    const result = await rebuildPilotTotals({
      kafka,
      dataSource,
      topic,
      deadLetterTopic: deadLetters,
      // Batches of a few events, so the build lasts past the member's join.
      maxBytesPerPartition: 2 * 1024,
      pollMs: 20,
      startMembers: async (version) => {
        member = new PilotTotalsConsumer({
          kafka,
          dataSource,
          topic,
          deadLetterTopic: deadLetters,
          version,
          maxBytesPerPartition: 2 * 1024,
          afterChange: () => Promise.resolve((memberBatches += 1)),
        });
        await member.start();
        return [member];
      },
    });

    expect(result).toMatchObject({ members: 2, messages: expect.any(Number) });
    expect(memberBatches).toBeGreaterThan(0);
    expect(member?.consuming).toBe(false);
    await expectOracleTotals(dataSource, histories);
  });

  it('run again after its command ended between the switch and the drop, drops the version left and folds nothing', async () => {
    const [topic, deadLetters] = await ground.topicPair('projector-rebuild-left', 2);
    const histories = sampleHistories(10, 20, 777);
    await publishMessages(kafka, topic, asKafkaMessages(historyMessages(histories)), 1000);
    const options = { kafka, dataSource, topic, deadLetterTopic: deadLetters, pollMs: 20 };
    const { active: before } = await readProjectionVersions(dataSource);

    // The command ends right after switching readers (killed, its database lost): the drop never runs.
    await expect(
      rebuildPilotTotals({
        ...options,
        afterSwitch: () => Promise.reject(new Error('the command ended here')),
      }),
    ).rejects.toThrow('the command ended here');
    expect(await readProjectionVersions(dataSource)).toMatchObject({ active: before + 1, building: null });
    const tablesOf = async (version: number) =>
      dataSource.query<{ totals: boolean; offsets: number }[]>(
        `select (to_regclass('pilot_totals_v${version}') is not null) as totals,
                (select count(*)::int from projection_offsets where version = $1) as offsets`,
        [version],
      );
    expect(await tablesOf(before)).toEqual([{ totals: true, offsets: expect.any(Number) }]);

    let told = 0;
    const again = await rebuildPilotTotals({
      ...options,
      afterSwitch: () => Promise.resolve(void (told += 1)),
    });
    expect(again).toMatchObject({
      version: before + 1,
      previous: before,
      resumed: true,
      built: false,
      dropped: [before],
      messages: 0,
    });
    expect(told).toBe(1);
    expect(await readProjectionVersions(dataSource)).toMatchObject({ active: before + 1, building: null });
    expect(await tablesOf(before)).toEqual([{ totals: false, offsets: 0 }]);
    await expectOracleTotals(dataSource, histories);
  });
});
