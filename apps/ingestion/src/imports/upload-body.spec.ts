import { PassThrough } from 'node:stream';
import { MAX_IMPORT_BYTES } from '@pft/logbook/domain';
import { ApiError, StreamedBody } from '@pft/platform';
import { readUploadedFile, UPLOAD_TIME_LIMIT_MS } from './upload-body';

const upload = (stream: PassThrough, contentType = 'text/csv') => new StreamedBody(contentType, stream);

/** What `readUploadedFile` rejected with, as the API answers it. */
async function refusal(read: Promise<unknown>) {
  const err = await read.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof ApiError)) throw new Error(`not refused with an ApiError: ${String(err)}`);
  return { code: err.code, details: err.details, headers: err.headers };
}

describe('an upload body, read once the token is checked', () => {
  it('is the whole file when it arrives within the time limit', async () => {
    const stream = new PassThrough();
    const read = readUploadedFile(upload(stream, 'text/csv; charset=utf-8'), 1_000);
    stream.write('Date,Total\n');
    stream.end('2026-01-01,1.0\n');
    await expect(read).resolves.toEqual(Buffer.from('Date,Total\n2026-01-01,1.0\n'));
  });

  it('is refused with 400 INVALID_REQUEST when the file is not received within the time limit, the connection closed', async () => {
    expect(UPLOAD_TIME_LIMIT_MS).toBe(60_000);
    const stream = new PassThrough();
    const read = readUploadedFile(upload(stream), 50);
    // Part of the file comes, the rest never does.
    stream.write('Date,Total\n');
    expect(await refusal(read)).toEqual({
      code: 'INVALID_REQUEST',
      details: [{ field: 'body', issue: 'timeout', message: 'must arrive within 0.05 s' }],
      headers: { Connection: 'close' },
    });
  });

  it('is refused as IMPORT_TOO_LARGE as soon as it passes the bound, and UNSUPPORTED_FILE for another media type', async () => {
    const big = new PassThrough();
    const read = readUploadedFile(upload(big), 10_000);
    big.write(Buffer.alloc(MAX_IMPORT_BYTES));
    big.write('x');
    expect(await refusal(read)).toMatchObject({ code: 'IMPORT_TOO_LARGE', headers: { Connection: 'close' } });
    expect(await refusal(readUploadedFile(upload(new PassThrough(), 'application/json')))).toMatchObject({
      code: 'UNSUPPORTED_FILE',
    });
  });
});
