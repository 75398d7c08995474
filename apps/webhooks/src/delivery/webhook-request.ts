import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type LookupFunction } from 'node:net';
import { hostOf, isRestrictedAddress } from '@pft/webhooks/domain';

export type AttemptResult =
  { delivered: true; status: number } | { delivered: false; status: number | null; error: string };

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** WEBHOOK_ALLOW_PRIVATE_URLS: otherwise addresses in restricted ranges are refused, names resolved first. */
  allowPrivate: boolean;
}

/**
 * A lookup that refuses restricted addresses: the address checked is the one connected to, so a name
 * pointed at one after the endpoint was created is refused too.
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 4);
    const refused = addresses.find((a) => isRestrictedAddress(a.address));
    if (refused) return callback(new Error(`${hostname} resolves to a restricted address`), '', 4);
    if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
};

/**
 * How much of an answer's body is read: the receiver's body means nothing to a delivery, and one that
 * streams on is not read past this (the connection is closed instead of kept for the next attempt).
 */
export const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs one attempt. Delivered: a 2xx answer within `timeoutMs` (the whole answer, not only its
 * head, up to MAX_ANSWER_BYTES of body: an answer whose body goes on past them counts by its status
 * when they have come). Anything else fails: another status (a redirect is not followed), a timeout
 * (with the status, when the answer's head came in time), a refused connection, a restricted address.
 */
export function attemptWebhook(req: WebhookRequest): Promise<AttemptResult> {
  const url = new URL(req.url);
  if (!req.allowPrivate && (url.protocol !== 'https:' || isRestrictedAddress(hostOf(url))))
    return Promise.resolve({ delivered: false, status: null, error: 'restricted URL' });
  const options: RequestOptions = {
    method: 'POST',
    headers: { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) },
    ...(req.allowPrivate ? {} : { lookup: guardedLookup }),
  };
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: AttemptResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    let answered: number | null = null;
    const request = send(url, options, (response) => {
      const status = response.statusCode ?? 0;
      answered = status;
      const byStatus = (): AttemptResult =>
        status >= 200 && status < 300
          ? { delivered: true, status }
          : { delivered: false, status, error: `answered ${status}` };
      // Read (and drop) the answer so that the connection can be reused; its end counts as the answer.
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read <= MAX_ANSWER_BYTES) return;
        settle(byStatus());
        request.destroy();
      });
      response.on('end', () => settle(byStatus()));
      response.on('error', (err) => settle({ delivered: false, status, error: err.message }));
    });
    const timer = setTimeout(() => {
      settle({
        delivered: false,
        status: answered,
        error:
          answered === null
            ? `no answer within ${req.timeoutMs} ms`
            : `answer ${answered} not finished within ${req.timeoutMs} ms`,
      });
      request.destroy();
    }, req.timeoutMs);
    request.on('error', (err) => settle({ delivered: false, status: null, error: err.message }));
    request.end(req.body);
  });
}
