import { ApiError } from '../api/client';

/**
 * An API error said in the app's own plain words: the message is `words`, the service's code,
 * request id and details are kept, so the banner still shows what support looks up.
 */
const inPlainWords = (error: ApiError, words: string): ApiError =>
  new ApiError(error.status, error.code, words, error.requestId, error.details);

/**
 * What a change to a connection shows when it fails: plain words when the connection had already
 * ended (CONNECTION_NOT_FOUND), any other error as it is.
 */
export const connectionError = (err: unknown): unknown =>
  err instanceof ApiError && err.code === 'CONNECTION_NOT_FOUND'
    ? inPlainWords(err, 'That connection had already ended.')
    : err;

/**
 * What the Access history screen shows when its request fails: plain words when the service does
 * not answer the access history (404, a service from before it), any other error as it is.
 */
export const accessHistoryError = (err: unknown): unknown =>
  err instanceof ApiError && err.status === 404
    ? inPlainWords(err, 'The access history is not available on this service yet.')
    : err;
