import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { type Flight, type PilotTotals } from '@pft/contracts';
import { computeTotals } from '@pft/totals/domain';
import { createDataSource } from '@pft/platform/database/data-source';
import { createPartner, issueApiKey } from '@pft/partners/api-keys/api-keys.repository';
import { mintPilotToken } from '@pft/logbook/pilot-auth/pilot-jwt';
import { type Answer, call, expectStatus, NoAnswer, StepFailed } from './http-client';
import { unreachableApp } from './unreachable-app';
import { SAMPLE_STARTING_TOTALS, sampleLogbook } from './sample-logbook';
import { type CliConfig } from '../cli.config';

export interface WalkthroughTarget {
  partnerApiUrl: string;
  ingestionUrl: string;
  /** How long a partner read may take to show the last write. */
  freshnessTimeoutMs: number;
}

type Print = (line: string) => void;

/**
 * Drives the running service as a new partner and a new pilot would meet it, printing each step.
 * Throws StepFailed at the first answer that disagrees with what the contract promises, and
 * HOST_UNREACHABLE naming the app and its option at the first request that gets no answer.
 */
export async function runWalkthrough(
  config: CliConfig,
  target: WalkthroughTarget,
  print: Print,
): Promise<void> {
  try {
    await walk(config, target, print);
  } catch (err) {
    if (!(err instanceof NoAnswer)) throw err;
    throw unreachableApp(err, [
      { name: 'the partner API', option: '--partner-api', url: target.partnerApiUrl },
      { name: 'ingestion', option: '--ingestion', url: target.ingestionUrl },
    ]);
  }
}

/** An app's address as its paths are appended to it: `http://host:3001/` is `http://host:3001`. */
const base = (url: string): string => url.replace(/\/+$/, '');

async function walk(config: CliConfig, given: WalkthroughTarget, print: Print): Promise<void> {
  const target = {
    ...given,
    partnerApiUrl: base(given.partnerApiUrl),
    ingestionUrl: base(given.ingestionUrl),
  };
  const pilotApi = `${target.ingestionUrl}/pilot/v1`;
  const partnerApi = `${target.partnerApiUrl}/v1`;
  let n = 0;
  const step = (title: string): string => {
    n += 1;
    print(`\n${n}. ${title}`);
    return title;
  };
  const ok = (line: string): void => print(`   ✓ ${line}`);

  let s = step('The three apps are ready');
  for (const [name, url] of [
    ['partner API', target.partnerApiUrl],
    ['ingestion', target.ingestionUrl],
  ] as const) {
    expectStatus(s, await call('GET', `${url}/health/ready`), 200);
    ok(`${name} at ${url}`);
  }

  step('An operator creates a partner account and an API key');
  const dataSource = await createDataSource(config.DATABASE_URL, 1).initialize();
  let apiKey: string;
  try {
    const partner = await createPartner(dataSource, `Walkthrough Airways ${new Date().toISOString()}`);
    ({ key: apiKey } = await issueApiKey(dataSource, {
      partnerId: partner.partnerId,
      scopes: ['pilot-totals', 'rating-dictionary'],
      rateLimit: 1000,
    }));
    ok(`partner ${partner.name} (${partner.partnerId}); key ${apiKey.slice(0, 13)}… shown once`);
  } finally {
    await dataSource.destroy();
  }

  step('A new pilot signs in to the pilot app');
  const pilotAccountId = randomUUID();
  const token = mintPilotToken(config.JWT_SECRET, pilotAccountId, 3600, Date.now(), {
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
  });
  ok(`pilot account ${pilotAccountId}, token valid one hour`);

  s = step('The pilot enters starting totals from a paper logbook');
  expectStatus(
    s,
    await call('PUT', `${pilotApi}/starting-totals`, { token, body: SAMPLE_STARTING_TOTALS }),
    200,
  );
  ok(
    `${SAMPLE_STARTING_TOTALS.totals.total_flight_time_minutes} minutes, ${SAMPLE_STARTING_TOTALS.flight_count} flights carried over`,
  );

  s = step('The pilot imports a logbook');
  const today = new Date().toISOString().slice(0, 10);
  const flights = sampleLogbook(today);
  const imported = expectStatus(
    s,
    await call<{ imported: number }>('POST', `${pilotApi}/flights/import`, { token, body: { flights } }),
    201,
  );
  if (imported.body?.data?.imported !== flights.length)
    throw new StepFailed(s, `expected ${flights.length} imported`, imported);
  const kinds = new Set(
    flights.map((f) => f.aircraft.category + (f.kind === 'simulator' ? ' simulator' : '')),
  );
  ok(`${flights.length} flights (${[...kinds].join(', ')})`);

  s = step('The pilot records, amends and deletes a flight');
  const current = new Map<string, Flight>(flights.map((f) => [f.flight_id, f]));
  const extra: Flight = { ...flights[flights.length - 1]!, flight_id: randomUUID(), date: today };
  expectStatus(s, await call('POST', `${pilotApi}/flights`, { token, body: extra }), 201);
  expectStatus(s, await call('POST', `${pilotApi}/flights`, { token, body: extra }), 200);
  current.set(extra.flight_id, extra);
  ok('recorded one flight; sending it again changed nothing (200)');
  const amended: Flight = {
    ...flights[0]!,
    aircraft: { category: 'airplane', rating_key: 'tmg', registration: 'D-KABC' },
  };
  expectStatus(
    s,
    await call('PUT', `${pilotApi}/flights/${amended.flight_id}`, { token, body: amended }),
    200,
  );
  current.set(amended.flight_id, amended);
  ok(`amended ${amended.flight_id}: its minutes move from sep_land to tmg`);
  const deleted = flights[1]!;
  expectStatus(s, await call('DELETE', `${pilotApi}/flights/${deleted.flight_id}`, { token }), 204);
  current.delete(deleted.flight_id);
  ok(`deleted ${deleted.flight_id}`);

  const expected = computeTotals([...current.values()], SAMPLE_STARTING_TOTALS);
  s = step('The pilot sees their own totals');
  const own = expectStatus(s, await call<PilotTotals>('GET', `${pilotApi}/totals`, { token }), 200);
  assertTotals(s, own, own.body?.data, expected);
  ok(
    `${expected.totals.total_flight_time_minutes} minutes in ${expected.flight_count} flights, last on ${String(expected.last_flight_date)}`,
  );

  s = step('The pilot issues a linking code');
  const issued = expectStatus(
    s,
    await call<{ linking_token: string; expires_at: string }>('POST', `${pilotApi}/linking-codes`, { token }),
    201,
  );
  const code = issued.body?.data?.linking_token ?? '';
  if (!/^PFT(-[0-9A-HJKMNP-TV-Z]{4}){4}$/.test(code))
    throw new StepFailed(s, 'expected a PFT-XXXX-… code', issued);
  ok(`${code}, expires ${String(issued.body?.data?.expires_at)}`);

  s = step('The partner redeems the code');
  const linked = expectStatus(
    s,
    await call<{ pilot_id: string }>('POST', `${partnerApi}/link`, {
      token: apiKey,
      body: { linking_token: code },
    }),
    200,
  );
  const pilotId = linked.body?.data?.pilot_id ?? '';
  ok(`pilot_id ${pilotId}`);
  const reused = await call('POST', `${partnerApi}/link`, { token: apiKey, body: { linking_token: code } });
  if (reused.status !== 400 || reused.body?.error?.code !== 'INVALID_TOKEN') {
    throw new StepFailed(s, 'a used code must answer 400 INVALID_TOKEN', reused);
  }
  ok('the same code again: 400 INVALID_TOKEN');

  s = step('The partner reads the pilot’s totals');
  const started = Date.now();
  let read: Answer<PilotTotals & { pilot_id: string; last_updated: string }>;
  for (;;) {
    read = expectStatus(
      s,
      await call<PilotTotals & { pilot_id: string; last_updated: string }>(
        'GET',
        `${partnerApi}/pilot-totals?pilot_id=${pilotId}`,
        { token: apiKey },
      ),
      200,
    );
    if (isDeepStrictEqual(stripMeta(read.body?.data), expected)) break;
    if (Date.now() - started > target.freshnessTimeoutMs)
      assertTotals(s, read, stripMeta(read.body?.data), expected);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  ok(
    `equal to the pilot's own totals after ${Date.now() - started} ms; last_updated ${String(read.body?.data?.last_updated)}`,
  );
  ok(`rating breakdown: ${JSON.stringify(expected.rating_breakdown)}`);

  s = step('The partner reads a batch with an unknown id in it');
  const stranger = randomUUID();
  const batch = expectStatus(
    s,
    await call<{ pilots: { pilot_id: string }[] }>(
      'GET',
      `${partnerApi}/pilot-totals/batch?pilot_ids=${stranger},${pilotId.toUpperCase()},${pilotId}`,
      { token: apiKey },
    ),
    200,
  );
  const returned = (batch.body?.data?.pilots ?? []).map((p) => p.pilot_id);
  if (!isDeepStrictEqual(returned, [pilotId]))
    throw new StepFailed(s, `expected exactly [${pilotId}]`, batch);
  ok('one pilot back: the unknown id omitted, the duplicate (any letter case) returned once');

  s = step('The partner reads the rating dictionary');
  const dictionary = expectStatus(
    s,
    await call<{ ratings: { key: string }[] }>('GET', `${partnerApi}/rating-dictionary`, { token: apiKey }),
    200,
  );
  const keys = new Set((dictionary.body?.data?.ratings ?? []).map((r) => r.key));
  const missing = Object.keys(expected.rating_breakdown).filter((k) => !keys.has(k));
  if (missing.length) throw new StepFailed(s, `dictionary lacks ${missing.join(', ')}`, dictionary);
  ok(
    `${keys.size} ratings, every key of the breakdown among them; ETag ${String(dictionary.headers.get('etag'))}`,
  );
  const etag = dictionary.headers.get('etag') ?? '';
  const cached = await call('GET', `${partnerApi}/rating-dictionary`, {
    token: apiKey,
    headers: { 'if-none-match': etag },
  });
  expectStatus(s, cached, 304);
  ok('asked again with If-None-Match: 304 Not Modified');

  s = step('The pilot sees the connection and disconnects');
  const connections = expectStatus(
    s,
    await call<{ connections: { connection_id: string }[] }>('GET', `${pilotApi}/connections`, { token }),
    200,
  );
  const ids = (connections.body?.data?.connections ?? []).map((c) => c.connection_id);
  if (!ids.includes(pilotId)) throw new StepFailed(s, `expected connection ${pilotId}`, connections);
  expectStatus(s, await call('DELETE', `${pilotApi}/connections/${pilotId}`, { token }), 204);
  ok(`connection ${pilotId} removed`);

  s = step('The partner’s next read finds nothing');
  const gone = await call('GET', `${partnerApi}/pilot-totals?pilot_id=${pilotId}`, { token: apiKey });
  if (gone.status !== 404 || gone.body?.error?.code !== 'PILOT_NOT_FOUND') {
    throw new StepFailed(s, 'expected 404 PILOT_NOT_FOUND', gone);
  }
  ok(`404 PILOT_NOT_FOUND, request id ${String(gone.body?.meta?.request_id)}`);
  print('\nWalkthrough complete: every step answered as the contract says.');
}

function stripMeta(data: unknown): unknown {
  if (!data || typeof data !== 'object') return data;
  const { pilot_id: _id, last_updated: _updated, ...rest } = data as Record<string, unknown>;
  return rest;
}

function assertTotals(step: string, answer: Answer<unknown>, actual: unknown, expected: PilotTotals): void {
  if (!isDeepStrictEqual(stripMeta(actual), expected)) {
    throw new StepFailed(step, `totals differ from the expected ${JSON.stringify(expected)}`, answer);
  }
}
