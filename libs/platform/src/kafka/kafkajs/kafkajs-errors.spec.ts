import { KafkaClientError } from '../kafka.port';
import { toPortError } from './kafkajs-errors';

const kafkajsError = (name: string, message: string, cause?: unknown): Error =>
  Object.assign(new Error(message), { name }, cause === undefined ? {} : { cause });

describe('toPortError', () => {
  it('reports a refused connection under the retry wrapping as a connection failure, the original as cause', () => {
    const refused = kafkajsError(
      'KafkaJSConnectionError',
      'Connection error: connect ECONNREFUSED 127.0.0.1:1',
    );
    const retried = kafkajsError(
      'KafkaJSNumberOfRetriesExceeded',
      'Connection error: connect ECONNREFUSED',
      refused,
    );
    const error = toPortError(retried);
    expect(error).toBeInstanceOf(KafkaClientError);
    expect(error).toMatchObject({ connection: true, message: retried.message, cause: retried });
  });

  it('reports other failures of the client as not about the connection', () => {
    const error = toPortError(
      kafkajsError('KafkaJSProtocolError', 'This server does not host this topic-partition'),
    );
    expect(error).toBeInstanceOf(KafkaClientError);
    expect(error).toMatchObject({ connection: false });
  });

  it("passes errors that are not the client's through unchanged", () => {
    const own = new Error('store away');
    expect(toPortError(own)).toBe(own);
    expect(toPortError(undefined)).toBeUndefined();
  });
});
