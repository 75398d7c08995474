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

  it('says timed out for a connection timeout and passes other messages through', () => {
    expect(kafkaReason(new Error('Connection timeout'))).toBe('timed out');
    expect(kafkaReason(Object.assign(new Error('outer'), { cause: new Error('Closed connection') }))).toBe(
      'Closed connection',
    );
    expect(kafkaReason(undefined)).toBe('unknown error');
  });
});
