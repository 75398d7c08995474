import { describeCliError } from './cli-error';

const services = {
  DATABASE_URL: 'postgres://postgres@db.internal:5433/pilot_totals',
  REDIS_URL: 'redis://127.0.0.1:6379',
  KAFKA_BROKERS: 'k1:9092,k2:9092',
};

const socketError = (code: string, address: string, port: number) =>
  Object.assign(new Error(`connect ${code} ${address}:${port}`), { code, address, port, syscall: 'connect' });

describe('describeCliError', () => {
  it('names Postgres and DATABASE_URL when the database cannot be reached', () => {
    expect(describeCliError(socketError('ECONNREFUSED', '10.0.0.5', 5433), services)).toBe(
      'cannot reach Postgres at db.internal:5433 (DATABASE_URL): connection refused',
    );
  });

  it('names Redis and REDIS_URL', () => {
    expect(describeCliError(socketError('ETIMEDOUT', '127.0.0.1', 6379), services)).toBe(
      'cannot reach Redis at 127.0.0.1:6379 (REDIS_URL): timed out',
    );
  });

  it('names Kafka and KAFKA_BROKERS for a kafkajs connection failure', () => {
    const error = Object.assign(new Error('Connection error: connect ECONNREFUSED 127.0.0.1:9092'), {
      name: 'KafkaJSNumberOfRetriesExceeded',
    });
    expect(describeCliError(error, services)).toBe(
      'cannot reach Kafka at k1:9092,k2:9092 (KAFKA_BROKERS): Connection error: connect ECONNREFUSED 127.0.0.1:9092',
    );
  });

  it('says where for an address that is none of them', () => {
    expect(describeCliError(socketError('EHOSTUNREACH', '192.0.2.1', 80), services)).toBe(
      'cannot reach 192.0.2.1:80: host unreachable',
    );
  });

  it('passes any other error through in its own words', () => {
    expect(describeCliError(new Error('no API key with prefix pft_x'), services)).toBe(
      'no API key with prefix pft_x',
    );
    expect(describeCliError('plain', services)).toBe('plain');
  });
});
