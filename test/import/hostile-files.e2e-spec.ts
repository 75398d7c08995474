import { type ClientRequest, type IncomingMessage, request as httpRequest } from 'node:http';
import { type AddressInfo, type Server } from 'node:net';
import type Redis from 'ioredis';
import { deflateRawSync } from 'node:zlib';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, MAX_LINE_LENGTH } from '@pft/logbook/domain';
import { REDIS } from '@pft/platform';
import { waitFor } from '@pft/testing';
import { createIngestionApp } from '../../apps/ingestion/src/ingestion-app';
import { ingestionSuite, type IngestionHarness } from '../ingestion/support/ingestion-harness';
import { pftFile, upload, written } from './import-support';

/** A CSV upload of the pilot's (`POST /pilot/v1/imports`) to the app on `port`, its body written by the caller. */
function uploadRequest(port: number, token: string, answered: (res: IncomingMessage) => void): ClientRequest {
  return httpRequest(
    {
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/pilot/v1/imports',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    },
    answered,
  );
}

/** Sends `chunks` chunk after chunk (one buffer, written again and again) until the server answers. */
function streamUntilAnswered(
  h: IngestionHarness,
  token: string,
  chunk: Buffer,
  chunks: number,
): Promise<{
  status: number;
  body: { error?: { code: string }; meta?: { request_id: string } };
  sent: number;
}> {
  const server = h.app.getHttpServer();
  return new Promise((resolve, reject) => {
    const listening = server.listen(0, '127.0.0.1', () => {
      const { port } = listening.address() as AddressInfo;
      let sent = 0;
      let answered = false;
      const req = uploadRequest(port, token, (res) => {
        answered = true;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          req.destroy();
          server.close();
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), sent });
        });
      });
      req.on('error', (err) => {
        if (!answered) reject(err);
      });
      const pump = (): void => {
        while (!answered && sent < chunks) {
          sent++;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        if (!answered) req.end();
      };
      pump();
    });
  });
}

/** Opens an upload and sends the start of a file, leaving the request open; `end` finishes it. */
function openUpload(port: number, token: string): { end: () => void; answer: Promise<number> } {
  let end = (): void => undefined;
  const answer = new Promise<number>((resolve, reject) => {
    const req = uploadRequest(port, token, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.write('Date,Tail Number,Category/Class,Total Flight Time,PIC\n');
    end = () => req.end('2026-01-01,N1,ASEL,1.5,1.5\n');
  });
  return { end: () => end(), answer };
}

describe('pilot app API: hostile logbook files answer 4xx and record nothing (e2e)', () => {
  const h = ingestionSuite();

  async function refused(bytes: Buffer, status: number, code: string, issue?: string): Promise<void> {
    const pilot = h.pilot();
    const res = await upload(h, pilot.token, bytes).expect(status);
    expect(res.body.error.code).toBe(code);
    expect(res.body.meta.request_id).toMatch(/^req_/);
    if (issue) expect(res.body.error.details).toEqual([expect.objectContaining({ issue })]);
    expect(await written(h, pilot.id)).toEqual({ events: 0, flights: 0 });
    const kept = await h.sql.query('select 1 from pending_imports where pilot_account_id = $1', [pilot.id]);
    expect(kept.rows).toHaveLength(0);
  }

  it('a zip bomb renamed .csv (10 MB of zeros deflated to a few KB): 415 UNSUPPORTED_FILE', async () => {
    const header = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]);
    const bomb = Buffer.concat([header, deflateRawSync(Buffer.alloc(10 * 1024 * 1024))]);
    expect(bomb.length).toBeLessThan(64 * 1024);
    await refused(bomb, 415, 'UNSUPPORTED_FILE');
  });

  it('a NUL byte: 415 binary; UTF-16 without a byte-order mark: 415 utf16_without_bom', async () => {
    await refused(
      Buffer.from('date,total_flight_time\n2026-01-01,\u00001.5\n'),
      415,
      'UNSUPPORTED_FILE',
      'binary',
    );
    await refused(
      Buffer.from('date,total_flight_time\n2026-01-01,1.5\n', 'utf16le'),
      415,
      'UNSUPPORTED_FILE',
      'utf16_without_bom',
    );
  });

  it('unbalanced quotes: 415 unbalanced_quote', async () => {
    await refused(
      Buffer.from('Date,Total Flight Time,Comments\n2026-01-01,1.5,"never closed\n2026-01-02,1.0,x\n'),
      415,
      'UNSUPPORTED_FILE',
      'unbalanced_quote',
    );
  });

  it('a line over the longest a logbook has: 415 line_too_long', async () => {
    await refused(
      Buffer.from(`Date,Comments\n2026-01-01,${'x'.repeat(MAX_LINE_LENGTH + 1)}\n`),
      415,
      'UNSUPPORTED_FILE',
      'line_too_long',
    );
  });

  it(`${MAX_IMPORT_ROWS + 1} rows: 413 IMPORT_TOO_LARGE (too_many_rows)`, async () => {
    await refused(pftFile(MAX_IMPORT_ROWS + 1), 413, 'IMPORT_TOO_LARGE', 'too_many_rows');
  });

  it('formula cells are refused row by row, never read as values; a file of them only is not ready (409)', async () => {
    const pilot = h.pilot();
    const file =
      'Date,Tail Number,Category/Class,Total Flight Time,PIC\n=1+1,N1,ASEL,1.5,1.5\n2026-01-01,N1,ASEL,=HYPERLINK("http://x"),@SUM(A1)\n';
    const up = await upload(h, pilot.token, file).expect(201);
    const res = await h
      .as(pilot.token)
      .put(`/pilot/v1/imports/${up.body.data.import_id}/choices`)
      .send({ date_order: 'ymd' })
      .expect(200);
    expect(res.body.data.flights_valid).toBe(0);
    expect(res.body.data.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: 2, issue: 'formula_cell' }),
        expect.objectContaining({ line: 3, issue: 'formula_cell' }),
      ]),
    );
    const commit = await h
      .as(pilot.token)
      .post(`/pilot/v1/imports/${res.body.data.import_id}/commit`)
      .expect(409);
    expect(commit.body.error.code).toBe('IMPORT_NOT_READY');
    expect(await written(h, pilot.id)).toEqual({ events: 0, flights: 0 });
  });

  it('a Content-Length over 20 MB: 413 before a byte of the body is read', async () => {
    const pilot = h.pilot();
    const res = await h
      .as(pilot.token)
      .post('/pilot/v1/imports')
      .set('Content-Type', 'text/csv')
      .set('Content-Length', String(1024 ** 3))
      .send(Buffer.from('date\n'))
      .catch((err: { response?: unknown }) => err.response as never);
    expect(res.status).toBe(413);
    expect(await written(h, pilot.id)).toEqual({ events: 0, flights: 0 });
  });

  it('a 1 GB line streamed without a length: 413 IMPORT_TOO_LARGE once 20 MB have arrived, the rest never sent', async () => {
    const pilot = h.pilot();
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const gigabyte = (1024 * 1024 * 1024) / chunk.length;
    const answer = await streamUntilAnswered(h, pilot.token, chunk, gigabyte);
    expect(answer.status).toBe(413);
    expect(answer.body.error?.code).toBe('IMPORT_TOO_LARGE');
    expect(answer.body.meta?.request_id).toMatch(/^req_/);
    // Answered once the bound was passed: far from the gigabyte.
    expect(answer.sent * chunk.length).toBeGreaterThan(MAX_IMPORT_BYTES);
    expect(answer.sent).toBeLessThan(gigabyte / 4);
    expect(await written(h, pilot.id)).toEqual({ events: 0, flights: 0 });
  });

  it('a third upload of a pilot while two are being received, on another replica: 429 RATE_LIMITED; the two then finish', async () => {
    const pilot = h.pilot();
    const listening = async (server: Server): Promise<number> => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as AddressInfo).port;
    };
    // A second replica of the app on the same database and Redis.
    const replica = await createIngestionApp(h.config);
    await replica.init();
    await replica.getHttpAdapter().getInstance().ready();
    const servers = [h.app.getHttpServer() as Server, replica.getHttpServer() as Server];
    try {
      const [port, otherPort] = [await listening(servers[0]!), await listening(servers[1]!)];
      const first = openUpload(port, pilot.token);
      const second = openUpload(port, pilot.token);
      // Both are being received once both places are taken in Redis.
      const redis = h.app.get<Redis>(REDIS);
      const places = `${h.config.PARTNER_REDIS_PREFIX}imports:under-way:${pilot.id}`;
      await waitFor(
        async () => ((await redis.zcard(places)) === 2 ? true : undefined),
        10_000,
        'two uploads under way',
        10,
      );
      const third = openUpload(otherPort, pilot.token);
      third.end();
      expect(await third.answer).toBe(429);
      first.end();
      second.end();
      expect([await first.answer, await second.answer]).toEqual([201, 201]);
      const kept = await h.sql.query('select 1 from pending_imports where pilot_account_id = $1', [pilot.id]);
      expect(kept.rows).toHaveLength(2);
      // Their places are freed: the pilot uploads again on the other replica.
      expect(await redis.zcard(places)).toBe(0);
      const fourth = openUpload(otherPort, pilot.token);
      fourth.end();
      expect(await fourth.answer).toBe(201);
    } finally {
      await new Promise((resolve) => servers[0]!.close(resolve));
      await replica.close();
    }
  });
});
