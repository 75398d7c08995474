/**
 * The single-flight POST of the pilot app API on two builds of the code, in alternating rounds of
 * one run: this tree's tests' build (dist-test/) and the tests' build of an earlier revision:
 *
 *   BENCH_BASELINE=<git revision> npx jest bench/compare --selectProjects bench --runInBand
 *
 * (BENCH_SECONDS per run, default 10; BENCH_CONNECTIONS, default 32; BENCH_ROUNDS, default 4.)
 * The revision is checked out into a temporary git worktree and built there with `npm run
 * build:test`. Each build serves on a database of its own, migrated by its own command line, with
 * its relay off (the same for both: what is compared is the request path), and the durable-write
 * floor (one INSERT and commit per POST, bare Fastify) is measured in every round beside them, so a
 * round the machine was busy in shows. Rounds alternate the builds' order (A B, B A, ...). The
 * result goes to bench/results/compare-builds.json: what "no slower than before" rests on when a
 * change reshapes the write path.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import { loadConfig } from '@pft/platform';
import { mintPilotToken } from '@pft/access/pilot-auth/pilot-jwt';
import { flightBody, freePort, TEST_BUILD_DIR } from '@pft/testing';
import { benchmark, benchSetting, BenchRun, expectAnsweredWell, share } from '../support/bench-run';
import { startDurableWriteFloor } from '../support/durable-write-floor';
import { median, roundOrder } from '../support/kafka-clients';
import { type Measured } from '../support/measure';

const ROOT = join(__dirname, '..', '..');
const BASELINE = process.env.BENCH_BASELINE;
const SECONDS = benchSetting('SECONDS', 10);
const CONNECTIONS = benchSetting('CONNECTIONS', 32);
const ROUNDS = Math.max(1, benchSetting('ROUNDS', 4));
const PILOTS = 500;

type BuildName = 'baseline' | 'current';

/** The tests' build of `revision` in a temporary worktree (node_modules linked from this tree), removed at the end. */
function buildRevision(bench: BenchRun, revision: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'pft-baseline-'));
  const git = (...args: string[]): void => void execFileSync('git', args, { cwd: ROOT, stdio: 'inherit' });
  git('worktree', 'add', '--detach', dir, revision);
  bench.defer(() => {
    git('worktree', 'remove', '--force', dir);
    rmSync(dir, { recursive: true, force: true });
  });
  execFileSync('cp', ['-al', join(ROOT, 'node_modules'), join(dir, 'node_modules')]);
  execFileSync('npm', ['run', '--silent', 'build:test'], { cwd: dir, stdio: 'inherit' });
  return join(dir, 'dist-test');
}

benchmark(
  'single-flight POST on an earlier build and this one, alternating',
  new BenchRun('compare-builds', { seconds: SECONDS, connections: CONNECTIONS }),
  async (bench) => {
    if (!BASELINE) throw new Error('BENCH_BASELINE (a git revision to compare with) is not set');
    const builds: Record<BuildName, string> = {
      baseline: buildRevision(bench, BASELINE),
      current: TEST_BUILD_DIR,
    };
    const databases: Record<BuildName, string> = { baseline: '', current: '' };
    for (const build of ['baseline', 'current'] as const) {
      const db = await bench.database();
      execFileSync(
        process.execPath,
        [join(builds[build], 'apps', 'cli', 'src', 'main.js'), 'db', 'migrate'],
        {
          env: { ...process.env, DATABASE_URL: db.url },
          stdio: 'ignore',
        },
      );
      databases[build] = db.url;
    }
    const floorDb = await bench.database();
    const floor = await bench.floor(startDurableWriteFloor(await freePort(), floorDb.url, 20));

    const secret = loadConfig().JWT_SECRET;
    const tokens = Array.from({ length: PILOTS }, () => mintPilotToken(secret, randomUUID(), 3600));
    const post = (path: string, auth: boolean): autocannon.Request[] => [
      {
        method: 'POST',
        path,
        setupRequest: (req) => ({
          ...req,
          headers: {
            'content-type': 'application/json',
            ...(auth ? { authorization: `Bearer ${tokens[Math.floor(Math.random() * PILOTS)]!}` } : {}),
          },
          body: JSON.stringify(flightBody()),
        }),
      },
    ];

    const runs: Record<BuildName | 'floor', Measured[]> = { baseline: [], current: [], floor: [] };
    for (let round = 0; round < ROUNDS; round++) {
      runs.floor.push(
        await bench.measure('durable-write floor: one INSERT and commit per POST', {
          url: floor.url,
          requests: post('/', false),
        }),
      );
      for (const build of roundOrder<BuildName>(['baseline', 'current'], round)) {
        const app = await bench.app(
          'ingestion',
          {
            DATABASE_URL: databases[build],
            DATABASE_POOL_SIZE: '20',
            RELAY_ENABLED: 'false',
            LOG_LEVEL: 'warn',
          },
          { buildDir: builds[build] },
        );
        await bench.warm({ url: app.url, requests: post('/pilot/v1/flights', true) });
        runs[build].push(
          await bench.measure(`POST /pilot/v1/flights (${build})`, {
            url: app.url,
            requests: post('/pilot/v1/flights', true),
          }),
        );
        await app.stop();
      }
    }
    expectAnsweredWell([...runs.baseline, ...runs.current, ...runs.floor]);

    const rates = (of: Measured[]): number[] => of.map((r) => r.requests_per_second);
    const figures = {
      baseline_req_s: median(rates(runs.baseline)),
      current_req_s: median(rates(runs.current)),
      floor_req_s: median(rates(runs.floor)),
    };
    const file = bench.write({
      baseline_revision: execFileSync('git', ['rev-parse', BASELINE], { cwd: ROOT }).toString().trim(),
      current_revision: execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT }).toString().trim(),
      load: { seconds: SECONDS, connections: CONNECTIONS, rounds: ROUNDS, pilots: PILOTS },
      runs,
      figures,
      ratios: {
        current_vs_baseline: share(figures.current_req_s, figures.baseline_req_s),
        baseline_vs_floor: share(figures.baseline_req_s, figures.floor_req_s),
        current_vs_floor: share(figures.current_req_s, figures.floor_req_s),
        current_vs_baseline_by_round: runs.current.map((r, i) =>
          share(r.requests_per_second, runs.baseline[i]!.requests_per_second),
        ),
      },
    });
    console.log(`wrote ${file}`);
  },
  3_600_000,
);
