import { type Agent, request as httpRequest } from 'node:http';

/** One generated request, sent as is: a raw path (already encoded), raw headers, raw body bytes. */
export interface HostileRequest {
  /** What the request tries, for the failure message. */
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface HostileResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * Sends with node:http, which passes odd paths, methods and bodies through untouched; on a connection
 * of its own, closed after the answer, unless `agent` keeps connections open.
 */
export function sendHostile(
  baseUrl: string,
  req: HostileRequest,
  agent: Agent | false = false,
): Promise<HostileResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.path,
        headers: { ...req.headers, ...(req.body ? { 'content-length': String(req.body.length) } : {}) },
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    if (req.body) outgoing.write(req.body);
    outgoing.end();
  });
}

/** A problem with one response, or undefined when it is what the contract promises for a rejected request. */
export function envelopeProblem(res: HostileResponse): string | undefined {
  if (res.status >= 500) return `answered ${res.status}`;
  const requestId = res.headers['x-request-id'];
  if (typeof requestId !== 'string' || !/^req_[0-9A-HJKMNP-TV-Z]{26}$/.test(requestId)) {
    return 'no X-Request-Id header';
  }
  if (res.status === 204 || res.status === 304) return undefined;
  let parsed: {
    meta?: { request_id?: string; api_version?: string };
    error?: { code?: unknown };
    data?: unknown;
  };
  try {
    parsed = JSON.parse(res.body) as typeof parsed;
  } catch {
    return `body is not JSON: ${res.body.slice(0, 80)}`;
  }
  if (parsed.meta?.request_id !== requestId || parsed.meta.api_version !== 'v1')
    return 'meta missing or wrong';
  if (res.status >= 400 && typeof parsed.error?.code !== 'string') return 'error without a code';
  if (res.status < 400 && parsed.data === undefined) return 'success without data';
  const leaks =
    /(at .+\.(js|ts):\d+|SELECT |INSERT |relation "|node_modules|QueryFailedError|TypeError|stack)/i;
  if (leaks.test(res.body)) return `body leaks internals: ${res.body.slice(0, 120)}`;
  return undefined;
}
