/**
 * What a failed connection tells of where it was tried and why it failed: the addresses tried, a host
 * name that does not resolve, in words an operator reads.
 */

export interface SocketError {
  name?: string;
  message?: string;
  code?: string;
  address?: string;
  port?: number;
  /** A connection to a host of several addresses (`localhost`: ::1, 127.0.0.1): each one's failure. */
  errors?: unknown[];
  /** What failed beneath (`fetch failed` holds the socket error here). */
  cause?: unknown;
  /** The name a lookup failed for (`getaddrinfo ENOTFOUND db.internal`). */
  hostname?: string;
}

/** How deep into `cause` a failure is read: enough for fetch's, bounded against a cause that loops. */
export const CAUSE_DEPTH = 5;

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'timed out',
  ENOTFOUND: 'host not found',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EADDRNOTAVAIL: 'address not available',
};

/** The words for a socket error code (`ECONNREFUSED` → connection refused), if it is one. */
export function socketReason(code: string | undefined): string | undefined {
  return code ? REASONS[code] : undefined;
}

/**
 * The words of the first socket error beneath a client's wrapping errors (their `cause`, and the
 * `errors` each attempt's failure is held in, as @platformatic/kafka holds them), and the innermost
 * message, for a client whose own words say only that it failed (`metadata failed 3 times.`).
 */
export function socketWords(error: unknown, depth = 0): { reason?: string; innermost?: string } {
  const e = error as SocketError | undefined;
  if (!e || depth >= CAUSE_DEPTH) return {};
  const reason = socketReason(e.code);
  if (reason) return { reason };
  let innermost = typeof e.message === 'string' ? e.message : undefined;
  for (const beneath of [...(Array.isArray(e.errors) ? e.errors : []), e.cause]) {
    const found = socketWords(beneath, depth + 1);
    if (found.reason) return found;
    innermost = found.innermost ?? innermost;
  }
  return { innermost };
}

/** One address a connection was tried at, and why it failed there. */
export interface ConnectAttempt {
  /** `127.0.0.1:5432`, `[::1]:5432`. */
  where: string;
  port: number | undefined;
  reason: string;
}

/** The attempt a socket error tells of; with `anyCode`, one whose code has no words too (told by its code). */
function attemptOf(error: unknown, anyCode = false): ConnectAttempt | undefined {
  const e = (error ?? {}) as SocketError;
  const reason = socketReason(e.code) ?? (anyCode ? e.code : undefined);
  if (!reason || typeof e.address !== 'string') return undefined;
  const address = e.address.includes(':') ? `[${e.address}]` : e.address;
  return { where: `${address}:${e.port}`, port: e.port, reason };
}

/**
 * The addresses a connection that failed was tried at, each with its reason: one for a host of one
 * address; one each for a host of several, which Node reports as an AggregateError (its own message
 * empty, no address) holding a socket error per address. Read from the error's `cause` when the
 * error itself is none (`fetch failed`). Undefined for any other error.
 */
export function connectAttempts(error: unknown, depth = 0): ConnectAttempt[] | undefined {
  const e = (error ?? {}) as SocketError;
  if (Array.isArray(e.errors) && e.errors.some((each) => attemptOf(each))) {
    return e.errors.map((each) => attemptOf(each, true)).filter((a): a is ConnectAttempt => a !== undefined);
  }
  const attempt = attemptOf(error);
  if (attempt) return [attempt];
  return e.cause !== undefined && depth < CAUSE_DEPTH ? connectAttempts(e.cause, depth + 1) : undefined;
}

/**
 * An error's message followed by those beneath it (`fetch failed: bad port`): its `cause`, or each
 * of the errors an AggregateError holds.
 */
export function messageOf(error: unknown, depth = 0): string {
  const e = (error ?? {}) as SocketError;
  const own = typeof e.message === 'string' ? e.message : String(error);
  if (depth >= CAUSE_DEPTH) return own;
  const beneath =
    Array.isArray(e.errors) && e.errors.length > 0
      ? e.errors.map((each) => messageOf(each, depth + 1)).join('; ')
      : e.cause !== undefined
        ? messageOf(e.cause, depth + 1)
        : '';
  if (!beneath || own.includes(beneath)) return own;
  return own ? `${own}: ${beneath}` : beneath;
}

/** The one reason every address failed for, if they all failed for the same one. */
function sharedReason(attempts: ConnectAttempt[]): string | undefined {
  const reasons = new Set(attempts.map((a) => a.reason));
  return reasons.size === 1 ? [...reasons][0] : undefined;
}

/** Why the connection failed: `connection refused`, and the addresses tried when there were several. */
export function attemptsReason(attempts: ConnectAttempt[]): string {
  const reason = sharedReason(attempts);
  if (reason === undefined) return `tried ${attempts.map((a) => `${a.where} (${a.reason})`).join(', ')}`;
  return attempts.length === 1 ? reason : `${reason} (tried ${attempts.map((a) => a.where).join(', ')})`;
}

/** `cannot reach 127.0.0.1:3000: connection refused`, naming every address tried. */
export function unreachableText(attempts: ConnectAttempt[]): string {
  const reason = sharedReason(attempts);
  if (reason === undefined)
    return `cannot reach ${attempts.map((a) => `${a.where} (${a.reason})`).join(' or ')}`;
  return `cannot reach ${attempts.map((a) => a.where).join(' or ')}: ${reason}`;
}

/** A host name whose lookup failed, and Node's code for why. */
export interface FailedLookup {
  hostname: string;
  code: string;
}

/** The lookup failures Node reports: no such name, and a DNS that failed to answer. */
const LOOKUP_FAILURES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL']);

/** The name of a failed lookup in its message, for a client that keeps only the message (kafkajs). */
const LOOKUP_MESSAGE = /getaddrinfo (?:ENOTFOUND|EAI_AGAIN|EAI_FAIL) (\S+)/;

/**
 * The host name whose lookup made a connection fail, if one did: read from the error, the errors it
 * holds and what lies beneath it, as deep as a Kafka client wraps it. Undefined for any other error.
 */
export function failedLookup(error: unknown, depth = 0): FailedLookup | undefined {
  const e = (error ?? {}) as SocketError;
  if (e.code && LOOKUP_FAILURES.has(e.code)) {
    const hostname =
      e.hostname ?? (typeof e.message === 'string' ? LOOKUP_MESSAGE.exec(e.message)?.[1] : undefined);
    if (hostname) return { hostname, code: e.code };
  }
  if (depth >= CAUSE_DEPTH) return undefined;
  for (const each of Array.isArray(e.errors) ? e.errors : []) {
    const found = failedLookup(each, depth + 1);
    if (found) return found;
  }
  return e.cause !== undefined ? failedLookup(e.cause, depth + 1) : undefined;
}

/** Why a lookup failed, when it is not that the name does not exist. */
const LOOKUP_REASONS: Record<string, string> = {
  EAI_AGAIN: 'the DNS did not answer in time',
  EAI_FAIL: 'the DNS failed',
};

/** `host name db.internal does not resolve`; a DNS that did not answer is told apart, with its code. */
export function lookupText({ hostname, code }: FailedLookup): string {
  const reason = LOOKUP_REASONS[code];
  return reason === undefined
    ? `host name ${hostname} does not resolve`
    : `host name ${hostname} could not be resolved: ${reason} (${code})`;
}
