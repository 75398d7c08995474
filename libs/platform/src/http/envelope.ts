import { type ErrorDetail } from './api-error';

export const API_VERSION = 'v1';

export interface Meta {
  api_version: typeof API_VERSION;
  request_id: string;
}

export interface SuccessEnvelope<T> {
  data: T;
  meta: Meta;
}

export interface ErrorEnvelope {
  error: { code: string; message: string; details?: ErrorDetail[]; details_omitted?: number };
  meta: Meta;
}

/**
 * The most details an error lists. A request with more problems (an import of a thousand broken
 * flights) gets the first ones and the count of the rest in `details_omitted`, so an error answer
 * stays small however large the request that drew it.
 */
export const MAX_ERROR_DETAILS = 100;

export function meta(requestId: string): Meta {
  return { api_version: API_VERSION, request_id: requestId };
}

export function successEnvelope<T>(data: T, requestId: string): SuccessEnvelope<T> {
  return { data, meta: meta(requestId) };
}

/**
 * A handler's answer already serialized as JSON, for answers that are read far more often than
 * they change (a pilot's totals kept in memory): the envelope hook wraps it as it is instead of
 * serializing the same object again on every request. Either the text, or its UTF-8 bytes in pieces
 * that make the text when sent one after the other (a batch of answers each kept as bytes: the
 * response is then one copy of them, never a string to join and encode again).
 */
export class SerializedJson {
  constructor(readonly json: string | readonly Buffer[]) {}
}

const metaJson = (requestId: string): string =>
  `"meta":{"api_version":"${API_VERSION}","request_id":${JSON.stringify(requestId)}}`;

/** The success envelope around data that is JSON text already. */
export function successEnvelopeJson(dataJson: string, requestId: string): string {
  return `{"data":${dataJson},${metaJson(requestId)}}`;
}

const DATA_OPENING = Buffer.from('{"data":');

/**
 * The success envelope around data given as pieces of JSON bytes, written into a buffer of its exact
 * length from `lend`.
 */
export function successEnvelopeBytes(
  dataChunks: readonly Buffer[],
  requestId: string,
  lend: (size: number) => Buffer,
): Buffer {
  const tail = `,${metaJson(requestId)}}`;
  let size = DATA_OPENING.length + Buffer.byteLength(tail);
  for (const chunk of dataChunks) size += chunk.length;
  const body = lend(size);
  let at = DATA_OPENING.copy(body, 0);
  for (const chunk of dataChunks) at += chunk.copy(body, at);
  body.write(tail, at);
  return body;
}

/** The one error body of both APIs: details up to MAX_ERROR_DETAILS, the count of the rest beside them. */
export function errorEnvelope(
  code: string,
  message: string,
  requestId: string,
  details?: ErrorDetail[],
): ErrorEnvelope {
  if (!details?.length) return { error: { code, message }, meta: meta(requestId) };
  if (details.length <= MAX_ERROR_DETAILS)
    return { error: { code, message, details }, meta: meta(requestId) };
  return {
    error: {
      code,
      message,
      details: details.slice(0, MAX_ERROR_DETAILS),
      details_omitted: details.length - MAX_ERROR_DETAILS,
    },
    meta: meta(requestId),
  };
}
