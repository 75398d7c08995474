import { KafkaClientError } from '../kafka.port';

interface ChainedError {
  message?: string;
  code?: string;
  cause?: unknown;
  errors?: unknown[];
}

/** The client's codes and the socket's words for "no broker answered". */
const CONNECTION_CODES = new Set([
  'PLT_KFK_NETWORK',
  'PLT_KFK_TIMEOUT',
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);
const CONNECTION_FAILURE = /ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|timed? ?out/i;

/** Whether any error in the chain (causes, and the errors a MultipleErrors gathers) is a connection failure. */
function aboutConnection(error: unknown, depth = 0): boolean {
  const e = error as ChainedError | undefined;
  if (!e || typeof e !== 'object' || depth > 5) return false;
  if ((e.code && CONNECTION_CODES.has(e.code)) || CONNECTION_FAILURE.test(e.message ?? '')) return true;
  return aboutConnection(e.cause, depth + 1) || (e.errors ?? []).some((c) => aboutConnection(c, depth + 1));
}

/** @platformatic/kafka's error (its codes start PLT_KFK_) as the port's: the message kept, the original as the cause. */
export function toPortError(error: unknown): unknown {
  const e = error as ChainedError | undefined;
  if (!e || typeof e.code !== 'string' || !e.code.startsWith('PLT_KFK_')) return error;
  return new KafkaClientError(e.message ?? String(error), aboutConnection(error), { cause: error });
}

/** Runs one call of the client, its failure reported as the port's error. */
export async function translated<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toPortError(error);
  }
}
