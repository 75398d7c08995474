import { KafkaClientError } from '../kafka.port';

interface ChainedError {
  name?: string;
  message?: string;
  code?: string;
  cause?: unknown;
}

/** kafkajs's words for "no broker answered", at any depth of its retry wrapping. */
const CONNECTION_FAILURE = /Connection error|Connection timeout|ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|timeout/i;

/** kafkajs's error as the port's: the message kept, the original as the cause. */
export function toPortError(error: unknown): unknown {
  const e = error as ChainedError | undefined;
  if (!e || typeof e.name !== 'string' || !e.name.startsWith('KafkaJS')) return error;
  let connection = false;
  for (let c: ChainedError | undefined = e, depth = 0; c && depth < 5; c = c.cause as ChainedError, depth++) {
    if (c.name === 'KafkaJSConnectionError' || CONNECTION_FAILURE.test(c.message ?? '')) connection = true;
  }
  return new KafkaClientError(e.message ?? String(error), connection, { cause: error });
}

/** Runs one call of kafkajs, its failure reported as the port's error. */
export async function translated<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toPortError(error);
  }
}
