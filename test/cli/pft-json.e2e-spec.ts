import { randomBytes, randomUUID } from 'node:crypto';
import { createEndpoint, queueWebhookEvent } from '@pft/webhooks';
import { createPartner } from '@pft/partners';
import { createDataSource } from '@pft/platform';
import { DEVELOPMENT_MASTER_KEY } from '@pft/privacy';
import { flightBody, type TestDatabase } from '@pft/testing';
import {
  commandsOfPft,
  type PftJsonGround,
  preparePftJsonGround,
  runSql as runSqlOn,
  WITHOUT_JSON,
} from './pft-json.support';
import { notSnakeCase, runPft } from './run-pft';

/** Each command that prints data, run with --json against real Postgres, Kafka and Redis. */
describe('pft --json', () => {
  let ground: PftJsonGround;
  let db: TestDatabase;
  let topics: string[];
  let env: Record<string, string>;
  let published: number;
  const printed = new Map<string, unknown>();

  const runSql = (text: string, params: unknown[] = []): Promise<unknown[]> => runSqlOn(db.url, text, params);

  /** Runs `pft <args> --json`, expects exit 0 and one line of JSON, and keeps it for the key check. */
  async function json<T>(...args: string[]): Promise<T> {
    const run = await runPft([...args, '--json'], env);
    expect({ args, code: run.code, stderr: run.stderr }).toEqual({
      args,
      code: 0,
      stderr: expect.any(String),
    });
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    const value = JSON.parse(lines[0]!) as T;
    printed.set(
      args
        .filter((a) => /^[a-z-]+$/.test(a))
        .slice(0, 2)
        .join(' '),
      value,
    );
    return value;
  }

  beforeAll(async () => {
    ground = await preparePftJsonGround();
    ({ db, topics, env, published } = ground);
  });

  afterAll(async () => {
    await ground?.drop();
  });

  it('db create, rollback and migrate', async () => {
    expect(await json('db', 'create')).toEqual({ database: db.name, created: false });
    const { rolled_back: undone } = await json<{ rolled_back: string }>('db', 'rollback');
    expect(typeof undone).toBe('string');
    expect(await json('db', 'migrate')).toEqual({ applied: [undone] });
  });

  it('kafka topics and check-store', async () => {
    const [events, deadLetters] = topics as [string, string];
    expect(await json('kafka', 'topics')).toEqual({
      created: [deadLetters],
      existing: [events],
      fixed: [],
      mismatches: [],
    });
    expect(await json('kafka', 'check-store')).toEqual({
      topic: events,
      held: published,
      published: 0,
      behind: false,
    });
  });

  it('partners and keys', async () => {
    const partner = await json<{ partner_id: string }>('partners', 'create', 'Json Air');
    expect(partner).toEqual({
      partner_id: expect.any(String),
      name: 'Json Air',
      created_at: expect.any(String),
    });
    expect(await json('partners', 'list')).toEqual([partner]);

    const key = await json<{ key: string; prefix: string }>(
      'keys',
      'create',
      '--partner',
      partner.partner_id,
    );
    const shown = {
      prefix: key.prefix,
      partner_id: partner.partner_id,
      sandbox: false,
      scopes: ['pilot-totals'],
      rate_limit: 100,
      created_at: expect.any(String),
      revoked_at: null,
    };
    expect(key).toEqual({ key: expect.stringMatching(/^pft_live_/), ...shown });
    expect(await json('keys', 'list')).toEqual([shown]);
    expect(await json('keys', 'scopes', key.prefix, 'pilot-totals,rating-dictionary')).toEqual({
      ...shown,
      scopes: ['pilot-totals', 'rating-dictionary'],
    });
    expect(await json('keys', 'limit', key.prefix, '50')).toMatchObject({ rate_limit: 50 });
    expect(await json('keys', 'revoke', key.prefix)).toMatchObject({ revoked_at: expect.any(String) });

    // A sandbox key is the same partner account's, listed with it; its sandbox is no partner of its own.
    const sandboxKey = await json<{ key: string; prefix: string }>(
      'keys',
      'create',
      '--partner',
      partner.partner_id,
      '--sandbox',
    );
    expect(sandboxKey).toMatchObject({
      key: expect.stringMatching(/^pft_test_[0-9A-Za-z]{32}$/),
      partner_id: partner.partner_id,
      sandbox: true,
    });
    expect(await json('keys', 'list', '--partner', partner.partner_id)).toEqual([
      expect.objectContaining({ prefix: key.prefix, sandbox: false }),
      expect.objectContaining({ prefix: sandboxKey.prefix, partner_id: partner.partner_id, sandbox: true }),
    ]);
    expect(await json('partners', 'list')).toEqual([partner]);
  });

  it('projections status', async () => {
    const status = await json<Record<string, unknown>>('projections', 'status');
    expect(status).toMatchObject({
      projection: 'pilot_totals',
      topic: topics[0],
      switched_at: expect.any(String),
      versions: [
        {
          version: 1,
          role: 'active',
          lag: published,
          events_gone: 0,
          dead_letters: 0,
          last_dead_letter: null,
          partitions: expect.arrayContaining([
            expect.objectContaining({ start: 0, events_gone: 0, complete_through: null }),
          ]),
        },
      ],
    });
  });

  it('projections rebuild: the result as JSON on stdout, progress lines on stderr without a terminal', async () => {
    const run = await runPft(
      ['projections', 'rebuild', 'pilot_totals', '--json', '--progress-interval', '0.2', '--threads', '2'],
      env,
    );
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
    const result = JSON.parse(run.stdout) as Record<string, unknown>;
    printed.set('projections rebuild', result);
    expect(result).toEqual({
      version: 2,
      previous: 1,
      resumed: false,
      built: true,
      dropped: [1],
      messages: published,
      members: 2,
      seconds: expect.any(Number),
    });
    const lines = run.stderr.trimEnd().split('\n');
    const progress =
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z pilot_totals version 2: (\d+)\/(\d+) events \(\d+%\), \d+ events\/s, ETA (\d+s|\d+m\d\ds|unknown), lag (\d+)$/;
    expect(lines.filter((line) => !progress.test(line))).toEqual([]);
    expect(lines[lines.length - 1]).toMatch(
      new RegExp(`: ${published}/${published} events \\(100%\\), \\d+ events/s, ETA 0s, lag 0$`),
    );
  });

  it('webhooks list, disable, enable, failures and redeliver', async () => {
    const dataSource = await createDataSource(db.url, 1).initialize();
    try {
      const partner = await createPartner(dataSource, 'Hook Air');
      const created = await createEndpoint(dataSource, partner.partnerId, 'https://hooks.example.com/', [
        'pilot.linked',
      ]);
      if (!created.ok) throw new Error('no endpoint');
      const id = created.endpoint.id;
      await queueWebhookEvent(dataSource, {
        endpointId: id,
        type: 'webhook.test',
        data: {},
        orderingKey: 'k',
        sourceKey: 'k',
      });
      const shown = {
        id,
        partner_id: partner.partnerId,
        url: 'https://hooks.example.com/',
        events: ['pilot.linked'],
        status: 'enabled',
        created_at: expect.any(String),
        disabled_at: null,
        disabled_reason: null,
        failing_since: null,
        pending_deliveries: 1,
        failed_deliveries: 0,
      };
      expect(await json('webhooks', 'list')).toEqual([shown]);
      expect(await json('webhooks', 'list', '--partner', randomUUID())).toEqual([]);
      // Disabling drops what was queued: it shows as a failure.
      expect(await json('webhooks', 'disable', id)).toEqual({
        ...shown,
        status: 'disabled',
        disabled_at: expect.any(String),
        disabled_reason: 'disabled by an operator',
        pending_deliveries: 0,
        failed_deliveries: 1,
      });
      const failures = await json<{ event_id: string }[]>('webhooks', 'failures');
      expect(failures).toEqual([
        expect.objectContaining({ endpoint_id: id, type: 'webhook.test', status: 'failed', attempts: 0 }),
      ]);
      const eventId = failures[0]!.event_id;
      // A disabled endpoint takes nothing again.
      const refused = await runPft(['webhooks', 'redeliver', eventId, '--json'], env);
      expect(refused.code).toBe(1);
      expect(JSON.parse(refused.stderr)).toEqual({
        error: { code: 'WEBHOOK_EVENT_NOT_FOUND', message: expect.any(String) },
      });
      expect(await json('webhooks', 'enable', id)).toEqual({
        ...shown,
        pending_deliveries: 0,
        failed_deliveries: 1,
      });
      expect(await json('webhooks', 'redeliver', eventId)).toEqual({ event_id: eventId, queued: 1 });
      expect(await json('webhooks', 'failures', '--endpoint', id)).toEqual([]);
      // A delivery a dispatcher holds (its claim, as a dispatcher writes it on taking the delivery) is
      // not queued again while it is being sent: exit 1, its code, nothing changed.
      await runSql(
        `update webhook_deliveries set claimed_until = now() + interval '1 minute' where event_id = $1`,
        [eventId],
      );
      const sending = await runPft(['webhooks', 'redeliver', eventId, '--json'], env);
      expect({ code: sending.code, stdout: sending.stdout, error: JSON.parse(sending.stderr) }).toEqual({
        code: 1,
        stdout: '',
        error: { error: { code: 'WEBHOOK_DELIVERY_IN_FLIGHT', message: expect.stringContaining(id) } },
      });
      expect(
        await runSql(`select claimed_until > now() as held from webhook_deliveries where event_id = $1`, [
          eventId,
        ]),
      ).toEqual([{ held: true }]);
      await runSql(`update webhook_deliveries set claimed_until = null where event_id = $1`, [eventId]);
      const missing = await runPft(['webhooks', 'disable', 'we_00000000000000000000000000', '--json'], env);
      expect(JSON.parse(missing.stderr).error.code).toBe('WEBHOOK_ENDPOINT_NOT_FOUND');
    } finally {
      await dataSource.destroy();
    }
  });

  it('privacy seal-events and rewrap-keys: payloads stored in the clear sealed and republished, data keys rewrapped', async () => {
    const pilots = [randomUUID(), randomUUID()];
    for (const pilot of pilots) {
      for (let v = 1; v <= 3; v++) {
        const flight = { ...flightBody({ remarks: `plain-${pilot}-${v}` }) };
        await runSql(
          `insert into events (event_id, stream_id, stream_version, type, schema_version, payload, metadata)
           values ($1, $2, $3, 'FlightRecorded', 1, $4::jsonb, '{}')`,
          [randomUUID(), `logbook-${pilot}`, v, JSON.stringify({ pilot_account_id: pilot, flight })],
        );
      }
    }
    const republishTo = `test-pft-json-sealed-${randomBytes(5).toString('hex')}`;
    topics.push(republishTo);
    const run = await runPft(['privacy', 'seal-events', '--republish-to', republishTo, '--json'], env);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
    const result = JSON.parse(run.stdout) as Record<string, unknown>;
    printed.set('privacy seal-events', result);
    expect(result).toEqual({ sealed: 6, left_to_erasures: 0, republished: 6 });
    expect(run.stderr).toMatch(/sealing stored events: 6\/6 events \(100%\)/);
    expect(run.stderr).toMatch(new RegExp(`republishing to ${republishTo}: 6/6 events \\(100%\\)`));
    expect(await runSql(`select count(*)::int as n from events where payload::text like '%plain-%'`)).toEqual(
      [{ n: 0 }],
    );
    // A rotation: the new master key current, the old one still read.
    const rotated = {
      ...env,
      PFT_MASTER_KEY: randomBytes(32).toString('base64'),
      PFT_PREVIOUS_MASTER_KEYS: DEVELOPMENT_MASTER_KEY,
    };
    const rewrap = await runPft(['privacy', 'rewrap-keys', '--json'], rotated);
    expect(rewrap.code).toBe(0);
    const rewrapped = JSON.parse(rewrap.stdout) as Record<string, unknown>;
    printed.set('privacy rewrap-keys', rewrapped);
    expect(rewrapped).toEqual({ rewrapped: 2 });
    expect(JSON.parse((await runPft(['privacy', 'rewrap-keys', '--json'], rotated)).stdout)).toEqual({
      rewrapped: 0,
    });
  });

  it('every command that prints data takes --json, and every key it prints is snake_case', () => {
    const commands = commandsOfPft();
    const withJson = [...commands].filter(([, json]) => json).map(([name]) => name);
    const without = [...commands].filter(([, json]) => !json).map(([name]) => name);
    expect(without.sort()).toEqual([...WITHOUT_JSON].sort());
    expect([...printed.keys()].sort()).toEqual(withJson.sort());
    for (const [command, value] of printed)
      expect({ command, keys: notSnakeCase(value) }).toEqual({ command, keys: [] });
  });
});
