import { join } from 'node:path';
import { Client } from 'pg';
import { startBuiltProcess, waitFor } from '@pft/testing';
import { type PftJsonGround, preparePftJsonGround, runSql } from './pft-json.support';
import { runPft } from './run-pft';

const REBUILD = ['projections', 'rebuild', 'pilot_totals', '--threads', '2'];

/** `pft projections rebuild` folding in threads, interrupted as an operator's Ctrl-C does, then resumed. */
describe('pft projections rebuild in fold threads, interrupted and resumed', () => {
  let ground: PftJsonGround;

  beforeAll(async () => {
    ground = await preparePftJsonGround();
  });

  afterAll(async () => {
    await ground?.drop();
  });

  it('stops its threads on SIGINT with exit 130 and the version left building; run again, it resumes it', async () => {
    const { db, env, published } = ground;
    const versions = async () =>
      (await runSql(
        db.url,
        `select active_version, building_version from projection_versions where projection = 'pilot_totals'`,
      )) as { active_version: number; building_version: number | null }[];
    // Every batch takes a share lock on the projection's version row: held here, no batch commits, so
    // the rebuild cannot end before it is interrupted.
    const lock = new Client({ connectionString: db.url });
    await lock.connect();
    try {
      const rebuild = startBuiltProcess(
        join('apps', 'cli', 'src', 'main.js'),
        [...REBUILD, '--progress-interval', '0.1'],
        env,
      );
      // Polled often: the lock must be taken before the new group's first batch can commit.
      await waitFor(
        async () => ((await versions())[0]?.building_version === 2 ? true : undefined),
        30_000,
        'the version being built',
        10,
      );
      await lock.query('begin');
      await lock.query(`select 1 from projection_versions where projection = 'pilot_totals' for update`);
      // Its first progress line: the threads have started and Ctrl-C is the command's to handle.
      await waitFor(
        () => (rebuild.output().includes('pilot_totals version 2: ') ? true : undefined),
        30_000,
        'a progress line',
        10,
      );
      rebuild.child.kill('SIGINT');
      await lock.query('commit');
      const code = await rebuild.exited;
      expect({ code, output: rebuild.output() }).toEqual({
        code: 130,
        output: expect.stringContaining('rebuild of version 2 interrupted; run it again to resume'),
      });
    } finally {
      await lock.end();
    }
    expect(await versions()).toEqual([{ active_version: 1, building_version: 2 }]);

    const resumed = await runPft([...REBUILD, '--json'], env);
    expect({ code: resumed.code, result: JSON.parse(resumed.stdout) as unknown }).toEqual({
      code: 0,
      result: {
        version: 2,
        previous: 1,
        resumed: true,
        built: true,
        dropped: [1],
        messages: published,
        members: 2,
        seconds: expect.any(Number),
      },
    });
    expect(await versions()).toEqual([{ active_version: 2, building_version: null }]);
  }, 120_000);

  it('refuses a rebuild while another one runs with REBUILD_RUNNING, changing nothing', async () => {
    const { db, env } = ground;
    // The lock a running rebuild holds for its life, held here as that other rebuild would.
    const other = new Client({ connectionString: db.url });
    await other.connect();
    try {
      await other.query(
        `select pg_advisory_lock(hashtextextended('pft:projection-rebuild:pilot_totals', 0))`,
      );
      const refused = await runPft([...REBUILD, '--json'], env);
      expect({ code: refused.code, stdout: refused.stdout }).toEqual({ code: 1, stdout: '' });
      expect(JSON.parse(refused.stderr.trim().split('\n').at(-1)!)).toEqual({
        error: {
          code: 'REBUILD_RUNNING',
          message: expect.stringContaining('another rebuild of pilot_totals is running'),
        },
      });
    } finally {
      await other.end();
    }
    const [state] = await runSql(
      db.url,
      `select active_version, building_version from projection_versions where projection = 'pilot_totals'`,
    );
    expect(state).toEqual({ active_version: 2, building_version: null });
  }, 60_000);
});
