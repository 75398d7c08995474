import { ApiError } from '@pft/platform';

/**
 * The body of a POST that takes a JSON object, as parsed after the guards. A body of another media type
 * is refused before this (RequestBodyGuard); a request without a body at all comes here with none, and
 * is answered as not JSON.
 */
export function jsonObjectBody(contentType: string | undefined, body: unknown): Record<string, unknown> {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    throw new ApiError('INVALID_REQUEST', 'The request body must be application/json', [
      { field: 'body', issue: 'unsupported_media_type' },
    ]);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError('INVALID_REQUEST', 'The request body must be a JSON object', [
      { field: 'body', issue: 'not_an_object' },
    ]);
  }
  return body as Record<string, unknown>;
}
