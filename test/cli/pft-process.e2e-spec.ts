import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { type DataSource } from 'typeorm';
import { createDataSource } from '@pft/platform';
import { createPartner, issueApiKey } from '@pft/partners';
import { createTestDatabase, freePort, type TestDatabase } from '@pft/testing';
import { runPft } from './run-pft';

const STACK_TRACE = /^\s+at .+\(.+:\d+:\d+\)$|node:internal|Error: write EPIPE/m;

/** The built command line as its own process: what an operator's shell or a CI job sees of it. */
describe('pft as a process', () => {
  let db: TestDatabase;
  let env: Record<string, string>;

  beforeAll(async () => {
    db = await createTestDatabase();
    env = { DATABASE_URL: db.url };
    // Enough keys that `keys list` writes many lines after the first one.
    const dataSource: DataSource = await createDataSource(db.url, 2).initialize();
    try {
      const partner = await createPartner(dataSource, 'Pipe Airways');
      for (let i = 0; i < 40; i++) {
        await issueApiKey(dataSource, { partnerId: partner.partnerId, scopes: [], rateLimit: 100 });
      }
    } finally {
      await dataSource.destroy();
    }
  });
  afterAll(() => db?.drop());

  it('--version prints the version of package.json and of Node.js', async () => {
    const { version } = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
      version: string;
    };
    for (const flag of ['--version', '-V']) {
      const run = await runPft([flag], env);
      expect(run).toEqual({ code: 0, stdout: `pft ${version} (Node.js ${process.version})\n`, stderr: '' });
    }
  });

  it.each([['0'], ['17'], ['1.5'], ['two']])(
    'pft projections rebuild --threads %s refuses the count before reaching anything, exit 1',
    async (threads) => {
      // Brokers that cannot answer: a count let through would wait for them and fail otherwise.
      const run = await runPft(['projections', 'rebuild', 'pilot_totals', '--threads', threads], {
        ...env,
        KAFKA_BROKERS: '127.0.0.1:1',
      });
      expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 1, stdout: '' });
      const [first, ...rest] = run.stderr.split('\n');
      expect(first).toBe(
        `pft: INVALID_USAGE: option '--threads <count>' argument '${threads}' is invalid. the number of fold threads is a whole number from 1 to 16`,
      );
      // The command's help follows, for the operator at a terminal.
      expect(rest.join('\n')).toContain('Usage: pft projections rebuild');
    },
  );

  it.each([
    [['keys', 'list', '--limt'], "unknown option '--limt'"],
    [['partners', 'create'], "missing required argument 'name'"],
    [['projections', 'rebuilt'], "unknown command 'rebuilt'"],
  ])('pft %j: a usage error under its code, exit 1', async (args, message) => {
    const run = await runPft(args, env);
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 1, stdout: '' });
    expect(run.stderr.split('\n')[0]).toContain(`pft: INVALID_USAGE: ${message}`);
  });

  it('a usage error under --json is one line of JSON on stderr, without the help', async () => {
    const run = await runPft(['keys', 'list', '--json', '--limt'], env);
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 1, stdout: '' });
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toEqual({
      error: { code: 'INVALID_USAGE', message: expect.stringContaining("unknown option '--limt'") as string },
    });
  });

  describe('a reader that goes away ends the command quietly with exit 0', () => {
    it.each([
      [['keys', 'list']],
      [['keys', 'list', '--json']],
      [['partners', 'list']],
      [['db', 'migrate']],
      [['--help']],
    ])('pft %j with its stdout closed', async (args) => {
      const run = await runPft(args, env, 'gone');
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    });

    it('pft keys list | head -1: the header, exit 0, nothing on stderr', async () => {
      const run = await runPft(['keys', 'list'], env, 'first-line');
      expect(run).toEqual({
        code: 0,
        stdout: 'prefix\tpartner\tscopes\tlimit/min\tcreated\trevoked\n',
        stderr: '',
      });
    });
  });

  describe('Kafka that cannot be reached', () => {
    let port: number;
    beforeAll(async () => {
      port = await freePort();
    });

    it.each([
      [['kafka', 'topics']],
      [['kafka', 'check-store']],
      [['projections', 'status']],
      [['projections', 'rebuild', 'pilot_totals']],
    ])(
      'pft %j says what it waits for, then fails with KAFKA_UNREACHABLE naming the brokers',
      async (args) => {
        const brokers = `127.0.0.1:${port}`;
        const run = await runPft(args, { ...env, KAFKA_BROKERS: brokers });
        expect(run.code).toBe(1);
        expect(run.stdout).toBe('');
        const lines = run.stderr.trimEnd().split('\n');
        expect(lines).toEqual([
          `waiting for Kafka at ${brokers} (KAFKA_BROKERS); giving up after 8 s`,
          expect.stringMatching(
            new RegExp(
              `^pft: KAFKA_UNREACHABLE: cannot reach Kafka at ${brokers} \\(KAFKA_BROKERS\\) within \\d+\\.\\d s: connection refused$`,
            ),
          ),
        ]);
      },
    );

    it('with --json, the failure is JSON on stderr', async () => {
      const brokers = `127.0.0.1:${port}`;
      const run = await runPft(['projections', 'status', '--json'], { ...env, KAFKA_BROKERS: brokers });
      expect(run.code).toBe(1);
      const failure = JSON.parse(run.stderr.trimEnd().split('\n').pop()!) as {
        error: { code: string; message: string };
      };
      expect(failure.error.code).toBe('KAFKA_UNREACHABLE');
      expect(failure.error.message).toContain(`cannot reach Kafka at ${brokers} (KAFKA_BROKERS)`);
    });

    describe('a broker address that answers but is not Kafka', () => {
      let server: Server;
      let connections = 0;
      let address: string;
      beforeAll(async () => {
        server = createServer((socket: Socket) => {
          connections += 1;
          socket.destroy();
        });
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        const bound = server.address();
        address = `127.0.0.1:${typeof bound === 'object' && bound ? bound.port : 0}`;
      });
      afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

      it('is given three attempts, not the apps minute of retries', async () => {
        const run = await runPft(['kafka', 'topics'], { ...env, KAFKA_BROKERS: address });
        expect(run.code).toBe(1);
        expect(run.stderr).toContain(
          `pft: KAFKA_UNREACHABLE: cannot reach Kafka at ${address} (KAFKA_BROKERS)`,
        );
        expect(run.stderr).not.toMatch(STACK_TRACE);
        expect(connections).toBe(3);
      });
    });
  });
});
