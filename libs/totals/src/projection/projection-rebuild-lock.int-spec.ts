import { type DataSource } from 'typeorm';
import { testKafka, withProjectionGround } from '@pft/testing';
import { asKafkaMessages, historyMessages, publishMessages, sampleHistories } from '@pft/testing/oracle';
import { rebuildPilotTotals } from './projection-rebuild';
import { RebuildRunningError } from './projection-rebuild-lock';
import { readProjectionVersions } from './projection-versions';

describe('two rebuilds at once (real Kafka and Postgres)', () => {
  const kafka = testKafka('pft-rebuild-lock');
  let dataSource: DataSource;
  const ground = withProjectionGround(kafka, 12, (made) => (dataSource = made));

  it('refuses the second at its start while the first runs, and takes it once the first has ended', async () => {
    const [topic, deadLetters] = await ground.topicPair('rebuild-lock', 2);
    await publishMessages(kafka, topic, asKafkaMessages(historyMessages(sampleHistories(6, 10, 31))), 100);
    const options = { kafka, dataSource, topic, deadLetterTopic: deadLetters, pollMs: 20 };
    let caughtUp!: () => void;
    const atSwitch = new Promise<void>((resolve) => (caughtUp = resolve));
    let goOn!: () => void;
    const held = new Promise<void>((resolve) => (goOn = resolve));
    const first = rebuildPilotTotals({
      ...options,
      beforeSwitch: async () => {
        caughtUp();
        await held;
      },
    });
    await atSwitch;

    // Bounded: without the lock the second took up version 2 as well, and one of them failed at the switch.
    const second = rebuildPilotTotals({ ...options, signal: AbortSignal.timeout(10_000) });
    await expect(second).rejects.toBeInstanceOf(RebuildRunningError);
    await expect(second).rejects.toThrow(
      "another rebuild of pilot_totals is running (it holds the rebuild's lock in the database)",
    );
    goOn();
    await expect(first).resolves.toMatchObject({ version: 2, built: true });

    await expect(rebuildPilotTotals(options)).resolves.toMatchObject({ version: 3, previous: 2 });
    expect(await readProjectionVersions(dataSource)).toMatchObject({ active: 3, building: null });
  }, 60_000);
});
