import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { createPartner, issueApiKey } from '@pft/partners';
import { mintPilotToken } from '@pft/logbook/pilot-auth/pilot-jwt';
import { DEVELOPMENT_JWT_SECRET } from '@pft/logbook/pilot-auth/pilot-token-production-rules';
import { createDataSource } from '@pft/platform';
import {
  type AppProcess,
  flightBody,
  startAppProcess,
  startService,
  type RunningService,
  sendWithBearer,
  testKafka,
  waitFor,
  uniqueRedisPrefix,
} from '@pft/testing';

/** Short enough for tests: retries 300 ms apart, a 2 s timeout, a 3 s coalescing window. */
export const WEBHOOK_TEST_ENV: Record<string, string> = {
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  WEBHOOK_RETRY_SCHEDULE_MS: '300,300,300,300,300,300,300',
  WEBHOOK_TIMEOUT_MS: '2000',
  WEBHOOK_TOTALS_COALESCE_MS: '3000',
  WEBHOOK_POLL_INTERVAL_MS: '100',
  LOG_LEVEL: 'warn',
};

export interface WebhookPartner {
  partnerId: string;
  key: string;
}

export interface WebhookPilot {
  id: string;
  /**
   * Links the pilot to the partner through the partner API, with a code sharing experience when asked;
   * the partner's pilot_id.
   */
  linkTo(partner: WebhookPartner, code?: { share_experience: boolean }): Promise<string>;
  /** `PUT /pilot/v1/connections/{pilotId}/sharing`: the answer. */
  setSharing(pilotId: string, experience: boolean): Promise<Answer>;
  recordFlight(): Promise<void>;
  importFlights(count: number): Promise<void>;
  disconnect(pilotId: string): Promise<void>;
}

/** The whole service as processes (ingestion, projector, partner API, webhook dispatcher) on its own database and topic. */
export interface WebhookStack {
  service: RunningService;
  dispatcher: AppProcess;
  db: DataSource;
  partner(): Promise<WebhookPartner>;
  /** Creates an endpoint through the partner API; its id and secret. */
  endpoint(partner: WebhookPartner, url: string, events?: string[]): Promise<{ id: string; secret: string }>;
  pilot(): WebhookPilot;
  /** Starts the dispatcher again (after it was killed). */
  restartDispatcher(): Promise<void>;
  stop(): Promise<void>;
}

export interface Answer<Body = unknown> {
  status: number;
  body: Body;
}

/** A request with a bearer token and a JSON body; the answer's status and JSON body. */
export async function call<Body = unknown>(
  url: string,
  method: string,
  token: string,
  body?: unknown,
): Promise<Answer<Body>> {
  const { status, text } = await sendWithBearer(method, url, token, body);
  return { status, body: (text ? JSON.parse(text) : undefined) as Body };
}

/** The answer's `data` when it has the status expected; throws otherwise. */
async function expectStatus(
  what: string,
  answer: Promise<Answer>,
  status: number,
): Promise<Record<string, string>> {
  const got = await answer;
  if (got.status !== status) throw new Error(`${what}: ${got.status} ${JSON.stringify(got.body)}`);
  return (got.body as { data?: Record<string, string> } | undefined)?.data ?? {};
}

export async function startWebhookStack(
  name: string,
  env: Record<string, string> = {},
): Promise<WebhookStack> {
  const appEnv = {
    ...WEBHOOK_TEST_ENV,
    PARTNER_REDIS_PREFIX: uniqueRedisPrefix(),
    ...env,
  };
  const service = await startService(testKafka(`pft-${name}`), name, appEnv);
  let dispatcher = await startAppProcess('webhooks', service.env);
  const db = await createDataSource(service.db.url, 4).initialize();
  const partnerApi = service.partnerApi.url;
  const ingestion = service.ingestion.url;
  return {
    service,
    get dispatcher() {
      return dispatcher;
    },
    db,
    partner: async () => {
      const partner = await createPartner(db, `Partner ${randomUUID().slice(0, 8)}`);
      const { key } = await issueApiKey(db, {
        partnerId: partner.partnerId,
        scopes: ['pilot-totals', 'webhooks'],
        rateLimit: 100000,
      });
      return { partnerId: partner.partnerId, key };
    },
    endpoint: async (partner, url, events) => {
      const body = await expectStatus(
        'endpoint',
        call(`${partnerApi}/v1/webhook-endpoints`, 'POST', partner.key, events ? { url, events } : { url }),
        201,
      );
      return { id: body.id!, secret: body.secret! };
    },
    pilot: () => {
      const id = randomUUID();
      const token = mintPilotToken(DEVELOPMENT_JWT_SECRET, id, 3600);
      const pilotCall = (method: string, path: string, body?: unknown) =>
        call(`${ingestion}${path}`, method, token, body);
      return {
        id,
        linkTo: async (partner, codeBody) => {
          const code = await expectStatus(
            'code',
            pilotCall('POST', '/pilot/v1/linking-codes', codeBody),
            201,
          );
          const linked = await expectStatus(
            'link',
            call(`${partnerApi}/v1/link`, 'POST', partner.key, { linking_token: code.linking_token }),
            200,
          );
          return linked.pilot_id!;
        },
        setSharing: (pilotId, experience) =>
          pilotCall('PUT', `/pilot/v1/connections/${pilotId}/sharing`, { experience }),
        recordFlight: async () => {
          await expectStatus('flight', pilotCall('POST', '/pilot/v1/flights', flightBody()), 201);
        },
        importFlights: async (count) => {
          const flights = Array.from({ length: count }, () => flightBody());
          await expectStatus('import', pilotCall('POST', '/pilot/v1/flights/import', { flights }), 201);
        },
        disconnect: async (pilotId) => {
          await expectStatus('disconnect', pilotCall('DELETE', `/pilot/v1/connections/${pilotId}`), 204);
        },
      };
    },
    restartDispatcher: async () => {
      dispatcher = await startAppProcess('webhooks', service.env);
    },
    stop: async () => {
      await dispatcher.stop('SIGKILL');
      await db.destroy();
      await service.stop();
    },
  };
}

/** Waits until `check` holds, up to `timeoutMs`. */
export function eventually(check: () => boolean, timeoutMs: number, what: string): Promise<true> {
  return waitFor(() => (check() ? true : undefined), timeoutMs, what, 50);
}
