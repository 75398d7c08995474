import { connect, type AddressInfo, type Socket } from 'node:net';
import { type QueryRunner } from 'typeorm';
import { waitFor } from '@pft/testing';
import { linkingCode, partnerWithKey, type TestPartner } from './partner-api.factories';
import { startPartnerApi, type PartnerApiUnderTest } from './partner-api.harness';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The answers on one connection, in order; each has a Content-Length (the apps never chunk). */
function parseAnswers(raw: string): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = raw;
  while (rest.length > 0) {
    const headEnd = rest.indexOf('\r\n\r\n');
    if (headEnd < 0) break;
    const [statusLine, ...headerLines] = rest.slice(0, headEnd).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const bodyBytes = Buffer.from(rest.slice(headEnd + 4), 'utf8');
    answers.push({
      status: Number(statusLine!.split(' ')[1]),
      headers,
      body: bodyBytes.subarray(0, length).toString('utf8'),
    });
    rest = bodyBytes.subarray(length).toString('utf8');
  }
  return answers;
}

function httpRequest(method: string, path: string, key: string, body?: string): string {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', `Authorization: Bearer ${key}`];
  if (body !== undefined) {
    lines.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`);
  }
  return `${lines.join('\r\n')}\r\n\r\n${body ?? ''}`;
}

describe('partner API: a request that arrives while the service shuts down', () => {
  let api: PartnerApiUnderTest;
  let partner: TestPartner;
  let socket: Socket | undefined;
  let lock: QueryRunner | undefined;

  beforeAll(async () => {
    api = await startPartnerApi();
    partner = await partnerWithKey(api.db, { scopes: ['pilot-totals', 'rating-dictionary'] });
    await api.app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    socket?.destroy();
    if (lock?.isTransactionActive) await lock.rollbackTransaction();
    await lock?.release();
    await api.close();
  });

  it('is still answered in the envelope with its request id, and the connection is then closed', async () => {
    const { code } = await linkingCode(api.db);
    // Keep a link in flight: its code's row is locked until this transaction ends.
    lock = api.db.createQueryRunner();
    await lock.connect();
    await lock.startTransaction();
    await lock.query('select 1 from linking_codes for update');

    const { port } = api.app.getHttpServer().address() as AddressInfo;
    const open = connect(port, '127.0.0.1');
    socket = open;
    await new Promise<void>((resolve) => open.once('connect', resolve));
    let raw = '';
    open.setEncoding('utf8');
    open.on('data', (chunk: string) => (raw += chunk));
    const ended = new Promise<void>((resolve) => open.once('close', () => resolve()));

    open.write(httpRequest('POST', '/v1/link', partner.key, JSON.stringify({ linking_token: code })));
    await waitFor(
      async () => {
        const [row] = await api.db.query<{ waiting: number }[]>(
          `select count(*)::int as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return row!.waiting > 0 ? true : undefined;
      },
      10_000,
      'the link waiting on the locked code',
    );

    const closing = api.closeApp();
    // Closing has begun once the server takes no new connection.
    const refusesConnections = () =>
      new Promise<true | undefined>((resolve) => {
        const probe = connect(port, '127.0.0.1');
        probe.once('connect', () => {
          probe.destroy();
          resolve(undefined);
        });
        probe.once('error', () => resolve(true));
      });
    await waitFor(refusesConnections, 10_000, 'the server to stop taking connections', 20);
    // The connection is busy, so the server keeps it open; a request on it arrives while closing.
    open.write(httpRequest('GET', '/v1/rating-dictionary', partner.key));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await lock.commitTransaction();
    await ended;
    await closing;

    const [linked, dictionary] = parseAnswers(raw);
    expect(linked?.status).toBe(200);
    expect(dictionary).toBeDefined();
    const body = JSON.parse(dictionary!.body) as {
      data?: { ratings?: unknown[] };
      meta?: { api_version: string; request_id: string };
    };
    expect({ status: dictionary!.status, isList: Array.isArray(body.data?.ratings) }).toEqual({
      status: 200,
      isList: true,
    });
    expect(body.meta?.api_version).toBe('v1');
    expect(dictionary!.headers['x-request-id']).toBe(body.meta?.request_id);
    expect(dictionary!.headers.connection).toBe('close');
  });
});
