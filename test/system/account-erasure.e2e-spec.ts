/**
 * A pilot erases their account (DELETE /pilot/v1/account) while the projector and the outbox relay are
 * down; both are started again. Within a minute: every connection ended (the partner got
 * pilot.disconnected, its pilot_id answers 404), and no byte of the pilot's registrations, airports or
 * remarks is left in any table of the database, on the topic read back whole, or in the apps' logs; a
 * rebuild of the projection from offset 0 succeeds, other pilots' totals still equal the oracle; no table
 * holds the account id or its pilot_id but the erasure's record and the events' envelopes; and the same
 * account signing in again starts empty. Runs the tests' build: `npm run build:test` first.
 */
import { type Flight, type PilotTotals } from '@pft/contracts';
import { issueApiKey } from '@pft/partners';
import { readPilotTotals } from '@pft/totals';
import { type AppProcess, startAppProcess, startedTogether, waitFor } from '@pft/testing';
import { oracleTotals } from '@pft/testing/oracle';
import { runPft } from '../cli/run-pft';
import { startReceiver, type WebhookReceiver } from '../webhooks/webhook-receiver';
import {
  call,
  startWebhookStack,
  type WebhookPartner,
  type WebhookStack,
} from '../webhooks/webhooks.harness';
import {
  newPilot,
  publicTables,
  rowsHolding,
  searched,
  secretFlight,
  tablesHolding,
  type TestPilot,
  topicBytes,
  untilErasureCompleted,
} from './account-erasure.support';
import { fillAccount, type FilledPilot, pendingImportsOf } from './account-filling';

describe('account erasure by crypto-shredding (e2e)', () => {
  let stack: WebhookStack;
  let receiver: WebhookReceiver;
  let partner: WebhookPartner;
  /** The partner's key for requirement checks. */
  let checksKey: string;
  /** The pilot app API without a relay: the relay runs in the stack's own ingestion process. */
  let api: AppProcess;
  let relay: AppProcess;
  let projector: AppProcess;
  const erased: FilledPilot = newPilot();
  const kept: FilledPilot = newPilot();
  let erasureAskedAt = 0;
  let logMarks: Map<AppProcess, number>;

  const pilotApi = (pilot: TestPilot, method: string, path: string, body?: unknown) =>
    call<any>(`${api.url}${path}`, method, pilot.token, body);

  const partnerRead = (pilot: TestPilot) =>
    call<any>(
      `${stack.service.partnerApi.url}/v1/pilot-totals?pilot_id=${pilot.pilotId}`,
      'GET',
      partner.key,
    );

  const expected = (pilot: TestPilot): PilotTotals =>
    oracleTotals({ flights: pilot.flights as unknown as Flight[], starting: pilot.starting });

  beforeAll(async () => {
    receiver = await startReceiver();
    // Counts of partner reads written every second: the other pilot's show within the test's wait.
    stack = await startWebhookStack('erasure', { ACCESS_HISTORY_FLUSH_MS: '1000' });
    relay = stack.service.ingestion;
    projector = stack.service.projector;
    api = await startAppProcess('ingestion', { ...stack.service.env, RELAY_ENABLED: 'false' });
    partner = await stack.partner();
    checksKey = (
      await issueApiKey(stack.db, {
        partnerId: partner.partnerId,
        scopes: ['pilot-requirements'],
        rateLimit: 100000,
      })
    ).key;
    await stack.endpoint(partner, receiver.url, ['pilot.linked', 'pilot.disconnected']);
    const places = {
      pilotApiUrl: api.url,
      partnerApiUrl: stack.service.partnerApi.url,
      partnerKey: partner.key,
      checksKey,
    };
    await fillAccount(places, erased);
    await fillAccount(places, kept);
    // Both projected and read by the partner before the erasure.
    for (const pilot of [erased, kept]) {
      await waitFor(
        async () => {
          const read = await partnerRead(pilot);
          return read.status === 200 && read.body.data.flight_count === expected(pilot).flight_count
            ? true
            : undefined;
        },
        60_000,
        'the pilot projected',
        200,
      );
    }
  }, 300_000);

  afterAll(async () => {
    await api?.stop();
    if (relay !== stack.service.ingestion) await relay?.stop();
    if (projector !== stack.service.projector) await projector?.stop();
    await stack?.stop();
    await receiver?.close();
  });

  it('answers 202 erasing, then 410 ACCOUNT_ERASED to every other request until it completes, with the projector and relay down', async () => {
    await Promise.all([projector.stop('SIGKILL'), relay.stop('SIGKILL')]);
    logMarks = new Map([[api, api.output().length]]);
    expect(await pendingImportsOf(stack.db, erased)).toEqual({ rows: 1, holding: 1 });
    erasureAskedAt = Date.now();
    const asked = await pilotApi(erased, 'DELETE', '/pilot/v1/account');
    expect(asked.status).toBe(202);
    expect(asked.body.data).toEqual({ status: 'erasing' });
    const during = await pilotApi(erased, 'GET', '/pilot/v1/flights');
    if (during.status === 410) {
      expect(during.body.error).toEqual({
        code: 'ACCOUNT_ERASED',
        message: expect.stringContaining('erased'),
      });
      expect(during.body.meta.request_id).toMatch(/^req_/);
    } else {
      // The erasure already completed: the account answers as a new one.
      expect((await pilotApi(erased, 'GET', '/pilot/v1/account')).body.data).toEqual({ status: 'active' });
    }
    await untilErasureCompleted(api.url, erased, 'the erasure to complete without projector and relay');
    // The other pilot is untouched.
    expect((await pilotApi(kept, 'GET', '/pilot/v1/flights')).body.data.flights).toHaveLength(5);
  }, 60_000);

  it('once the projector and relay are back: the partner got pilot.disconnected and its pilot_id answers 404, all within a minute', async () => {
    [projector, relay] = await startedTogether([
      startAppProcess('projector', stack.service.env),
      startAppProcess('ingestion', stack.service.env),
    ]);
    logMarks.set(projector, 0).set(relay, 0);
    const gone = await partnerRead(erased);
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('PILOT_NOT_FOUND');
    const batch = await call<any>(
      `${stack.service.partnerApi.url}/v1/pilot-totals/batch?pilot_ids=${erased.pilotId},${kept.pilotId}`,
      'GET',
      partner.key,
    );
    expect(batch.status).toBe(200);
    expect(batch.body.data.pilots.map((p: { pilot_id: string }) => p.pilot_id)).toEqual([kept.pilotId]);
    await waitFor(
      () =>
        receiver
          .delivered()
          .some((e) => e.type === 'pilot.disconnected' && e.data.pilot_id === erased.pilotId)
          ? true
          : undefined,
      60_000,
      'pilot.disconnected delivered',
      100,
    );
    // The projection dropped the pilot (AccountErased folded).
    await waitFor(
      async () => ((await readPilotTotals(stack.db, [erased.id])).size === 0 ? true : undefined),
      60_000,
      'the projection rows of the erased pilot deleted',
      200,
    );
    expect(Date.now() - erasureAskedAt).toBeLessThan(60_000);
    // The access history: the other pilot's reads by the partner are there, the erased pilot's are not
    // (counts written before the connections were deleted were deleted after them; later ones resolve
    // through no connection and add nothing).
    const readsOf = async (id: string): Promise<number> => {
      const [row] = await stack.db.query(
        `select coalesce(sum(reads), 0)::int as n from partner_reads where pilot_account_id = $1`,
        [id],
      );
      return (row as { n: number }).n;
    };
    await waitFor(
      async () => ((await readsOf(kept.id)) > 0 ? true : undefined),
      30_000,
      'reads recorded',
      200,
    );
    expect(await readsOf(erased.id)).toBe(0);
    // The requirement checks and their days' counts went with the rest of the access history; the other
    // pilot's are there.
    const checksOf = async (id: string): Promise<{ checks: number; days: number }> => {
      const [row] = await stack.db.query(
        `select (select count(*) from requirement_checks where pilot_account_id = $1)::int as checks,
                (select count(*) from requirement_check_days where pilot_account_id = $1)::int as days`,
        [id],
      );
      return { ...(row as { checks: number; days: number }) };
    };
    expect({ erased: await checksOf(erased.id), kept: await checksOf(kept.id) }).toEqual({
      erased: { checks: 0, days: 0 },
      kept: { checks: 1, days: 1 },
    });
  }, 120_000);

  it('leaves no byte of the pilot’s registrations, airports or remarks in the database, on the topic or in the logs', async () => {
    // Every table (events, outbox, write side, projections, deliveries, dead letters, keys).
    for (const secret of erased.secrets.flatMap(searched))
      expect({ secret, tables: await tablesHolding(stack.db, secret) }).toEqual({ secret, tables: [] });
    // The other pilot's are still in the write side (flights); sealed in the events table.
    expect(await tablesHolding(stack.db, kept.secrets[0]!)).toEqual(['flights']);
    // The logbook file uploaded and not committed (bytes, which the text search above cannot see).
    expect(await pendingImportsOf(stack.db, erased)).toEqual({ rows: 0, holding: 0 });
    expect(await pendingImportsOf(stack.db, kept)).toEqual({ rows: 1, holding: 1 });
    const [topic, deadLetters] = stack.service.topics;
    const bytes = Buffer.concat([await topicBytes(topic), await topicBytes(deadLetters)]);
    expect(bytes.length).toBeGreaterThan(0);
    for (const secret of [...erased.secrets, ...kept.secrets].flatMap(searched))
      expect(bytes.includes(Buffer.from(secret))).toBe(false);
    for (const [app, from] of logMarks) {
      const written = app.output().slice(from);
      for (const secret of erased.secrets) {
        // As JSON, as JSON inside a JSON log line, and (long enough not to occur by chance) bare.
        expect(written).not.toContain(secret);
        expect(written).not.toContain(JSON.stringify(secret).slice(1, -1));
        const bare = JSON.parse(secret) as string;
        if (bare.length >= 8) expect(written).not.toContain(bare);
      }
    }
  }, 120_000);

  it('rebuilds the projection from offset 0: nothing of the erased pilot, the other pilot as the oracle says', async () => {
    const run = await runPft(['projections', 'rebuild', 'pilot_totals', '--json'], stack.service.env);
    expect(run.code).toBe(0);
    const rebuilt = await readPilotTotals(stack.db, [erased.id, kept.id]);
    expect(rebuilt.has(erased.id)).toBe(false);
    expect(rebuilt.get(kept.id)?.totals).toEqual(expected(kept));
    for (const secret of erased.secrets.flatMap(searched))
      expect({ secret, tables: await tablesHolding(stack.db, secret) }).toEqual({ secret, tables: [] });
    const [{ n }] = await stack.db.query(
      `select count(*)::int as n from projection_dead_letters where pilot_account_id = $1`,
      [erased.id],
    );
    expect(n).toBe(0);
  }, 180_000);

  it('keeps neither the account id nor its pilot_ids in any table, but the erasure’s record and the events’ envelopes', async () => {
    const needles = [erased.id, erased.pilotId!];
    expect(await publicTables(stack.db)).toEqual(
      expect.arrayContaining(['idempotency_keys', 'webhook_deliveries']),
    );
    /** Each table's rows holding the account id or a pilot_id of it, as text. */
    const holding = await rowsHolding(stack.db, needles);
    // The erasure's record (below).
    holding.delete('account_erasures');
    // The events keep their envelopes and the consent events (spec 4, docs/privacy.md): checked above to
    // hold nothing of the logbook's content.
    holding.delete('events');
    // The pilot.disconnected notice was delivered (checked above): deleted since, as every other delivery.
    expect(Object.fromEntries(holding)).toEqual({});
    // The erasure's record: the account id and the two times only (docs/privacy.md).
    const [tombstone] = await stack.db.query(`select * from account_erasures where pilot_account_id = $1`, [
      erased.id,
    ]);
    expect(tombstone).toEqual({
      pilot_account_id: erased.id,
      requested_at: expect.any(Date),
      completed_at: expect.any(Date),
      request_id: null,
      steps_done: [],
      attempts: 0,
      last_error: null,
      claimed_until: null,
    });
  }, 60_000);

  it('starts the same account again, empty and active, under a new key', async () => {
    expect((await pilotApi(erased, 'GET', '/pilot/v1/account')).body.data).toEqual({ status: 'active' });
    expect((await pilotApi(erased, 'GET', '/pilot/v1/flights')).body.data.flights).toEqual([]);
    expect((await pilotApi(erased, 'GET', '/pilot/v1/connections')).body.data.connections).toEqual([]);
    const totals = (await pilotApi(erased, 'GET', '/pilot/v1/totals')).body.data;
    expect(totals.flight_count).toBe(0);
    expect(totals.totals.total_flight_time_minutes).toBe(0);
    const flight = secretFlight(newPilot());
    expect((await pilotApi(erased, 'POST', '/pilot/v1/flights', flight)).status).toBe(201);
    expect((await pilotApi(erased, 'GET', '/pilot/v1/flights')).body.data.flights).toHaveLength(1);
    const keys: { n: number }[] = await stack.db.query(
      `select count(*)::int as n from data_keys where subject_id = $1`,
      [erased.id],
    );
    expect(keys[0]!.n).toBe(1);
    await waitFor(
      async () =>
        (await readPilotTotals(stack.db, [erased.id])).get(erased.id)?.totals.flight_count === 1
          ? true
          : undefined,
      60_000,
      'the new account projected',
      200,
    );
  }, 120_000);
});
