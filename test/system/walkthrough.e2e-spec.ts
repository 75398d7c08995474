import { join } from 'node:path';
import {
  type AppProcess,
  createTestDatabase,
  createTestTopic,
  deleteTestTopics,
  startAppProcess,
  startBuiltProcess,
  type TestDatabase,
  testKafka,
} from '@pft/testing';

/** The README's walkthrough, run against the three apps as processes: it must get to its end. */
describe('pft walkthrough', () => {
  const kafka = testKafka('pft-walkthrough');
  let db: TestDatabase;
  let topics: string[];
  let env: Record<string, string>;
  const apps: AppProcess[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    topics = [
      await createTestTopic(kafka, 'walkthrough', 3),
      await createTestTopic(kafka, 'walkthrough-dead', 1),
    ];
    env = {
      DATABASE_URL: db.url,
      PILOT_EVENTS_TOPIC: topics[0]!,
      DEAD_LETTER_TOPIC: topics[1]!,
      PILOT_EVENTS_PARTITIONS: '3',
    };
    apps.push(
      ...(await Promise.all([
        startAppProcess('ingestion', env),
        startAppProcess('projector', env),
        startAppProcess('partner-api', env),
      ])),
    );
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop()));
    await deleteTestTopics(kafka, topics).catch(() => undefined);
    await db?.drop();
  });

  it('drives every step of the contract and exits 0', async () => {
    const [ingestion, , partnerApi] = apps as [AppProcess, AppProcess, AppProcess];
    const walkthrough = startBuiltProcess(
      join('apps', 'cli', 'src', 'main.js'),
      ['walkthrough', '--partner-api', partnerApi.url, '--ingestion', ingestion.url],
      env,
    );
    const code = await walkthrough.exited;
    expect({ code, output: walkthrough.output() }).toEqual({
      code: 0,
      output: expect.stringContaining('Walkthrough complete') as string,
    });
    expect(walkthrough.output()).toContain('404 PILOT_NOT_FOUND');
  });
});
