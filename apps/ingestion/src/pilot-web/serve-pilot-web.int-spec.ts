import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingestionSuite } from '../../../../test/ingestion/support/ingestion-harness';

/** A built pilot web app of two files, for the file server to serve. */
const dir = mkdtempSync(join(tmpdir(), 'pilot-web-'));
writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Logbook</title>');
writeFileSync(join(dir, 'app.css'), 'body { margin: 0; }');

/** What the web app's files answer a conditional request (RFC 9110 13), on the real app. */
describe('the pilot web app’s files, asked with a condition', () => {
  const h = ingestionSuite({}, { pilotWebDir: dir });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const expectPreconditionFailed = (res: {
    status: number;
    headers: Record<string, string>;
    body: { error?: { code: string }; meta?: { request_id: string } };
  }): void => {
    expect(res.status).toBe(412);
    expect(res.body.error?.code).toBe('PRECONDITION_FAILED');
    expect(res.body.meta?.request_id).toBe(res.headers['x-request-id']);
  };

  it.each([
    ['If-Match an ETag the file does not have', 'If-Match', '"not-this-file"'],
    [
      'If-Unmodified-Since a time before the file was written',
      'If-Unmodified-Since',
      'Mon, 01 Jan 2001 00:00:00 GMT',
    ],
  ])('%s: 412 PRECONDITION_FAILED, not a 400', async (_what, header, value) => {
    for (const path of ['/app/app.css', '/app/']) {
      expectPreconditionFailed(await h.http().get(path).set(header, value));
    }
    const head = await h.http().head('/app/app.css').set(header, value);
    expect(head.status).toBe(412);
  });

  it('serves the file when the condition holds, and 304 to an If-None-Match of its ETag', async () => {
    const first = await h.http().get('/app/app.css').expect(200);
    const etag = first.headers.etag!;
    await h.http().get('/app/app.css').set('If-Match', etag).expect(200);
    await h.http().get('/app/app.css').set('If-None-Match', etag).expect(304);
  });

  it('answers a path that leaves the app’s folder 404 NOT_FOUND, never a file outside it', async () => {
    for (const path of [
      '/app/%2e%2e/package.json',
      '/app/..%2f..%2fpackage.json',
      '/app/%2e%2e%2fpackage.json',
    ]) {
      const res = await h.http().get(path);
      expect(res.status).toBe(404);
      expect(res.body.error?.code).toBe('NOT_FOUND');
      expect(res.body.meta?.request_id).toBe(res.headers['x-request-id']);
    }
  });
});
