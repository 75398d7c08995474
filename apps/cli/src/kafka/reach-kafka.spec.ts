import { KafkaClientError } from '@pft/platform';
import { kafkaReason } from './reach-kafka';

describe('kafkaReason', () => {
  it("names the socket error under the Kafka client's wrapping errors", () => {
    const refused = Object.assign(new Error('Connection error: connect ECONNREFUSED 127.0.0.1:1'), {
      name: 'KafkaJSConnectionError',
      code: 'ECONNREFUSED',
    });
    const retried = Object.assign(new Error(refused.message), {
      name: 'KafkaJSNumberOfRetriesExceeded',
      cause: refused,
    });
    const reported = new KafkaClientError(retried.message, true, { cause: retried });
    expect(kafkaReason(reported)).toBe('connection refused');
  });

  it("names a broker's host name that does not resolve", () => {
    const notFound = Object.assign(new Error('Connection error: getaddrinfo ENOTFOUND kafka-2.internal'), {
      name: 'KafkaJSConnectionError',
      code: 'ENOTFOUND',
    });
    expect(kafkaReason(new KafkaClientError(notFound.message, true, { cause: notFound }))).toBe(
      'host name kafka-2.internal does not resolve',
    );
  });

  it('reads the errors @platformatic/kafka holds under its own', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    const attempts = Object.assign(
      new AggregateError(
        [new Error('Connection to 127.0.0.1:1 failed.', { cause: refused })],
        'Cannot connect to any broker.',
      ),
      { code: 'PLT_KFK_MULTIPLE' },
    );
    const reported = new KafkaClientError('metadata failed 3 times.', true, {
      cause: Object.assign(new AggregateError([attempts], 'metadata failed 3 times.'), {
        code: 'PLT_KFK_MULTIPLE',
      }),
    });
    expect(kafkaReason(reported)).toBe('connection refused');
  });

  it('says timed out for a connection timeout and passes other messages through', () => {
    expect(kafkaReason(new Error('Connection timeout'))).toBe('timed out');
    expect(kafkaReason(Object.assign(new Error('outer'), { cause: new Error('Closed connection') }))).toBe(
      'Closed connection',
    );
    expect(kafkaReason(undefined)).toBe('unknown error');
  });
});
