import { forgetToken, readToken } from './session';

/** One problem of a request, as the API's error body lists it. */
export interface ErrorDetail {
  field: string;
  issue: string;
  message: string;
}

/** An error answer of the pilot app API, or a request that got no answer (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | undefined,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
  }
}

type SignedOutListener = (error: ApiError) => void;
let onSignedOut: SignedOutListener = () => undefined;

/**
 * Called when the API no longer accepts the pilot's token, with the error the sign-in screen shows:
 * the app returns to it.
 */
export function whenSignedOut(listener: SignedOutListener): void {
  onSignedOut = listener;
}

/** The envelope of an error answer. */
export interface ErrorBody {
  error?: { code?: string; message?: string; details?: ErrorDetail[] };
  meta?: { request_id?: string };
}

async function send(method: string, path: string, body?: unknown): Promise<Response> {
  const token = readToken();
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw networkError();
  }
  if (res.ok) return res;
  throw failure(
    res.status,
    res.headers.get('X-Request-Id') ?? undefined,
    (await res.json().catch(() => ({}))) as ErrorBody,
  );
}

/**
 * The ApiError of an error answer (its status, the request id of its header, its parsed body); an
 * answer that no longer accepts the pilot's token returns the app to the sign-in screen as well.
 */
export function failure(status: number, headerRequestId: string | undefined, body: ErrorBody): ApiError {
  const error = new ApiError(
    status,
    body.error?.code ?? `HTTP_${status}`,
    body.error?.message ?? `The service answered ${status}`,
    body.meta?.request_id ?? headerRequestId,
    body.error?.details ?? [],
  );
  const signedOut = signedOutError(error);
  if (signedOut) {
    forgetToken();
    onSignedOut(signedOut);
  }
  return error;
}

/**
 * What the sign-in screen shows of an answer that no longer accepts the pilot's token (401, or 410
 * ACCOUNT_ERASED): plain words, with the answer's code and request id; null for any other answer.
 */
function signedOutError(error: ApiError): ApiError | null {
  const words =
    error.status === 401
      ? 'Your session has expired or was not accepted. Please sign in again.'
      : error.status === 410 && error.code === 'ACCOUNT_ERASED'
        ? 'This account has been erased.'
        : null;
  return words === null
    ? null
    : new ApiError(error.status, error.code, words, error.requestId, error.details);
}

/** A request that got no answer. */
export const networkError = (): ApiError =>
  new ApiError(
    0,
    'NETWORK',
    'The service could not be reached. Check the connection and try again.',
    undefined,
  );

/** The `data` of a JSON answer in the envelope; undefined for 204. */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await send(method, path, body);
  if (res.status === 204) return undefined as T;
  return ((await res.json()) as { data: T }).data;
}

/**
 * The `data` of a JSON answer, with when the service sent it by its own clock (the answer's `Date`
 * header, to the second; undefined without one), for a time the service sets, such as a code's expiry.
 */
export async function apiDated<T>(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ data: T; sentAt: number | undefined }> {
  const res = await send(method, path, body);
  const date = res.headers.get('Date');
  const data = ((await res.json()) as { data: T }).data;
  return { data, sentAt: date === null ? undefined : Date.parse(date) };
}

/** An answer that is a file (the CSV export, the JSON export), as a Blob. */
export async function download(path: string): Promise<Blob> {
  return (await send('GET', path)).blob();
}
