import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { createDataSource } from '@pft/platform';
import { createPartner, issueApiKey } from '@pft/partners';
import { mintPilotToken } from '@pft/logbook/pilot-auth/pilot-jwt';
import {
  type AppProcess,
  createTestDatabase,
  createTestTopic,
  deleteTestTopics,
  envelopeProblem,
  flightBody,
  type HostileContext,
  type HostileRequest,
  hostileIngestionRequests,
  hostilePartnerRequests,
  mixHostile,
  sendHostile,
  startAppProcess,
  startedTogether,
  type TestDatabase,
  testKafka,
} from '@pft/testing';

const SECRET = 'hostile-input-test-secret-of-enough-length';
const TABLES = [
  'events',
  'flights',
  'starting_totals',
  'linking_codes',
  'connections',
  'partners',
  'api_keys',
];

async function fingerprint(url: string): Promise<Record<string, string>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const out: Record<string, string> = {};
    for (const table of TABLES) {
      const { rows } = await client.query<{ digest: string; n: string }>(
        `select count(*)::text as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${table} t`,
      );
      out[table] = `${rows[0]!.n}:${rows[0]!.digest}`;
    }
    return out;
  } finally {
    await client.end();
  }
}

async function sendAll(baseUrl: string, requests: HostileRequest[], parallel = 8): Promise<string[]> {
  const problems: string[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < requests.length) {
      const req = requests[next++]!;
      try {
        const problem = envelopeProblem(await sendHostile(baseUrl, req));
        if (problem) problems.push(`${req.label}: ${problem}`);
      } catch (err) {
        problems.push(`${req.label}: connection failed (${(err as Error).message})`);
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return problems;
}

describe('hostile input against both HTTP apps', () => {
  const kafka = testKafka('pft-hostile');
  let db: TestDatabase;
  let topic: string;
  let ingestion: AppProcess;
  let partnerApi: AppProcess;
  let ctx: HostileContext;

  beforeAll(async () => {
    db = await createTestDatabase();
    topic = await createTestTopic(kafka, 'hostile', 3);
    const env = { DATABASE_URL: db.url, JWT_SECRET: SECRET, PILOT_EVENTS_TOPIC: topic };
    [ingestion, partnerApi] = await startedTogether([
      startAppProcess('ingestion', env),
      startAppProcess('partner-api', env),
    ]);

    const dataSource = await createDataSource(db.url, 1).initialize();
    const partner = await createPartner(dataSource, 'Hostile Input Test Partner');
    const { key } = await issueApiKey(dataSource, {
      partnerId: partner.partnerId,
      scopes: ['pilot-totals', 'rating-dictionary'],
      rateLimit: 1_000_000,
    });
    const revoked = await issueApiKey(dataSource, {
      partnerId: partner.partnerId,
      scopes: ['pilot-totals'],
      rateLimit: 100,
    });
    await dataSource.query('update api_keys set revoked_at = now() where key_id = $1', [
      revoked.record.keyId,
    ]);
    await dataSource.destroy();

    const pilot = randomUUID();
    const pilotToken = mintPilotToken(SECRET, pilot, 3600);
    const validFlight = flightBody({ remarks: 'checkout' });
    const auth = { authorization: `Bearer ${pilotToken}`, 'content-type': 'application/json' };
    const recorded = await fetch(`${ingestion.url}/pilot/v1/flights`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify(validFlight),
    });
    expect(recorded.status).toBe(201);
    const issued = await fetch(`${ingestion.url}/pilot/v1/linking-codes`, {
      method: 'POST',
      headers: { authorization: auth.authorization },
    });
    expect(issued.status).toBe(201);
    const { data: code } = (await issued.json()) as { data: { linking_token: string } };
    const linked = await fetch(`${partnerApi.url}/v1/link`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ linking_token: code.linking_token }),
    });
    expect(linked.status).toBe(200);
    const { data: link } = (await linked.json()) as { data: { pilot_id: string } };

    ctx = {
      pilotToken,
      expiredPilotToken: mintPilotToken(SECRET, pilot, 60, Date.now() - 7_200_000),
      wrongSecretPilotToken: mintPilotToken(`${SECRET}-but-another`, pilot, 3600),
      existingFlightId: String(validFlight.flight_id),
      validFlight,
      partnerKey: key,
      revokedPartnerKey: revoked.key,
      linkedPilotId: link.pilot_id,
    };
  });

  afterAll(async () => {
    await Promise.all([ingestion?.stop(), partnerApi?.stop()]);
    await deleteTestTopics(kafka, [topic]).catch(() => undefined);
    await db?.drop();
  });

  it('answers at least 5,000 generated requests without a 5xx, each in the envelope with a request id, changing nothing', async () => {
    const ingestionRequests = hostileIngestionRequests(ctx);
    const partnerRequests = hostilePartnerRequests(ctx);
    const toIngestion = [...ingestionRequests, ...mixHostile(ingestionRequests, 2000, 1)];
    const toPartner = [...partnerRequests, ...mixHostile(partnerRequests, 2000, 2)];
    expect(toIngestion.length + toPartner.length).toBeGreaterThanOrEqual(5000);

    const before = await fingerprint(db.url);
    const problems = [
      ...(await sendAll(ingestion.url, toIngestion)).map((p) => `ingestion ${p}`),
      ...(await sendAll(partnerApi.url, toPartner)).map((p) => `partner API ${p}`),
    ];
    expect(problems.slice(0, 30)).toEqual([]);
    expect(await fingerprint(db.url)).toEqual(before);

    for (const app of [ingestion, partnerApi]) {
      expect((await fetch(`${app.url}/health/ready`)).status).toBe(200);
    }
  });
});
