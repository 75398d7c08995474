import { ApiError, StreamedBody } from '@pft/platform';
import { MAX_IMPORT_BYTES } from '@pft/logbook/domain';

/** The media types a logbook file may come as (`logbook-import.md` 2). */
const FILE_MEDIA_TYPES = new Set(['text/csv', 'text/tab-separated-values', 'text/plain']);

/** A body not received whole within this long is refused (400 INVALID_REQUEST). */
export const UPLOAD_TIME_LIMIT_MS = 60_000;

const tooLarge = (): ApiError =>
  new ApiError('IMPORT_TOO_LARGE', `The file is larger than ${MAX_IMPORT_BYTES} bytes`, undefined, {
    // The rest of the body is not read: the connection cannot carry another request.
    Connection: 'close',
  });

/**
 * The file of an upload, read from its stream only now that the pilot's token has been checked: its
 * media type first, then at most MAX_IMPORT_BYTES (a larger declared length is refused before a byte is
 * read, a larger body as soon as it passes the bound), within UPLOAD_TIME_LIMIT_MS.
 */
export async function readUploadedFile(body: unknown, timeLimitMs = UPLOAD_TIME_LIMIT_MS): Promise<Buffer> {
  if (!(body instanceof StreamedBody)) {
    throw new ApiError('UNSUPPORTED_FILE', 'The request carries no file', [
      { field: 'body', issue: 'required', message: 'must be the logbook file' },
    ]);
  }
  const mediaType = body.contentType.split(';')[0]!.trim().toLowerCase();
  if (!FILE_MEDIA_TYPES.has(mediaType)) {
    body.stream.resume();
    throw new ApiError(
      'UNSUPPORTED_FILE',
      `A logbook file is text/csv, text/tab-separated-values or text/plain`,
      [
        {
          field: 'body',
          issue: 'unsupported_media_type',
          message: `${mediaType || 'no content type'} is not taken`,
        },
      ],
    );
  }
  return collect(body.stream, timeLimitMs);
}

function collect(stream: NodeJS.ReadableStream, timeLimitMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (outcome: { error: Error } | { bytes: Buffer }): void => {
      clearTimeout(timer);
      stream.removeListener('data', onData);
      stream.removeListener('end', onEnd);
      stream.removeListener('error', onError);
      if ('error' in outcome) {
        // Stop reading: the answer closes the connection.
        stream.pause();
        reject(outcome.error);
      } else resolve(outcome.bytes);
    };
    const onData = (chunk: Buffer): void => {
      received += chunk.length;
      if (received > MAX_IMPORT_BYTES) return finish({ error: tooLarge() });
      chunks.push(chunk);
    };
    const onEnd = (): void => finish({ bytes: Buffer.concat(chunks, received) });
    const onError = (err: Error): void => finish({ error: err });
    const timer = setTimeout(
      () =>
        finish({
          error: new ApiError(
            'INVALID_REQUEST',
            `The file was not received within ${timeLimitMs / 1000} s`,
            [{ field: 'body', issue: 'timeout', message: `must arrive within ${timeLimitMs / 1000} s` }],
            { Connection: 'close' },
          ),
        }),
      timeLimitMs,
    );
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}

/** Refuses a declared length over the bound before the body is read. */
export function refuseDeclaredTooLarge(contentLength: string | undefined): void {
  if (contentLength !== undefined && Number(contentLength) > MAX_IMPORT_BYTES) throw tooLarge();
}
