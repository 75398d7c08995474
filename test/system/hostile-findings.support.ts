/**
 * The apps the hostile-input findings are tried against: the pilot API (ingestion) and the partner
 * API on a database and topic of their own, with private webhook URLs off, one partner key, and three
 * pilots linked to it; and the calls and forged tokens the findings send.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createDataSource } from '@pft/platform';
import { createPartner, issueApiKey } from '@pft/partners';
import { mintPilotToken } from '@pft/logbook/pilot-auth/pilot-jwt';
import {
  type AppProcess,
  createTestDatabase,
  createTestTopic,
  deleteTestTopics,
  startAppProcess,
  startedTogether,
  testKafka,
} from '@pft/testing';

const SECRET = 'hostile-findings-test-secret-of-enough-length';

export interface Answer {
  status: number;
  headers: Headers;
  body: { data?: unknown; error?: { code: string; details?: { field: string; issue: string }[] } } & Record<
    string,
    unknown
  >;
  text: string;
}

export async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: Answer['body'] = {};
  try {
    body = JSON.parse(text) as Answer['body'];
  } catch {
    // not JSON: the text is kept
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** A pilot token signed with the test secret whose payload is the JSON text given, as a forger writes it. */
export function signedToken(payloadJson: string, secret = SECRET): string {
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
  const unsigned = `${header}.${Buffer.from(payloadJson).toString('base64url')}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

export interface FindingsApps {
  ingestion: AppProcess;
  partnerApi: AppProcess;
  /** Three pilots, each linked to the partner. */
  pilots: { id: string; token: string }[];
  /** A call to the pilot API with the token given. */
  pilotCall(token: string, path: string, init?: RequestInit): Promise<Answer>;
  /** A call to the partner API with the partner's key. */
  partnerCall(path: string, init?: RequestInit): Promise<Answer>;
  stop(): Promise<void>;
}

export async function startFindingsApps(): Promise<FindingsApps> {
  const kafka = testKafka('pft-hostile-findings');
  const db = await createTestDatabase();
  const topic = await createTestTopic(kafka, 'hostile-findings', 3);
  const env = {
    DATABASE_URL: db.url,
    JWT_SECRET: SECRET,
    PILOT_EVENTS_TOPIC: topic,
    WEBHOOK_ALLOW_PRIVATE_URLS: 'false',
  };
  const dropData = async (): Promise<void> => {
    await deleteTestTopics(kafka, [topic]).catch(() => undefined);
    await db.drop();
  };
  const [ingestion, partnerApi] = await startedTogether([
    startAppProcess('ingestion', env),
    startAppProcess('partner-api', env),
  ]).catch(async (err: unknown) => {
    await dropData();
    throw err;
  });
  let partnerKey = '';
  const pilots: { id: string; token: string }[] = [];
  const pilotCall = (token: string, path: string, init: RequestInit = {}): Promise<Answer> =>
    call(`${ingestion.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
    });
  const partnerCall = (path: string, init: RequestInit = {}): Promise<Answer> =>
    call(`${partnerApi.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${partnerKey}`, ...(init.headers as Record<string, string>) },
    });
  const stop = async (): Promise<void> => {
    await Promise.all([ingestion.stop(), partnerApi.stop()]);
    await dropData();
  };
  try {
    const dataSource = await createDataSource(db.url, 1).initialize();
    try {
      const partner = await createPartner(dataSource, 'Hostile Findings Partner');
      ({ key: partnerKey } = await issueApiKey(dataSource, {
        partnerId: partner.partnerId,
        scopes: ['pilot-totals', 'webhooks'],
        rateLimit: 1_000_000,
      }));
    } finally {
      await dataSource.destroy();
    }
    for (let i = 0; i < 3; i++) {
      const id = randomUUID();
      const token = mintPilotToken(SECRET, id, 3600);
      pilots.push({ id, token });
      const code = await pilotCall(token, '/pilot/v1/linking-codes', { method: 'POST' });
      expect(code.status).toBe(201);
      const linked = await partnerCall('/v1/link', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ linking_token: (code.body.data as { linking_token: string }).linking_token }),
      });
      expect(linked.status).toBe(200);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { ingestion, partnerApi, pilots, pilotCall, partnerCall, stop };
}
