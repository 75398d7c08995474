import { ConfigError, KafkaClientError } from '@pft/platform';
import { UnknownPartnerError } from '@pft/partners';
import { CliError, describeCliError, exitCodeOf, usageFailure } from './cli-error';

const services = {
  DATABASE_URL: 'postgres://postgres@db.internal:5433/pilot_totals',
  REDIS_URL: 'redis://127.0.0.1:6379',
  KAFKA_BROKERS: 'k1:9092,k2:9092',
};

const socketError = (code: string, address: string, port: number) =>
  Object.assign(new Error(`connect ${code} ${address}:${port}`), { code, address, port, syscall: 'connect' });

/** A lookup that failed, as Node reports it (`getaddrinfo ENOTFOUND db.internal`). */
const lookupFailed = (code: string, hostname: string) =>
  Object.assign(new Error(`getaddrinfo ${code} ${hostname}`), { code, hostname, syscall: 'getaddrinfo' });

/** A connection to a host of two addresses (`localhost`) that failed at both, as Node reports it. */
const failedAtEach = (...attempts: ReturnType<typeof socketError>[]) =>
  Object.assign(new AggregateError(attempts), { code: attempts[0]?.code });

describe('describeCliError', () => {
  it('names DATABASE_URL when the database it names does not exist, whatever the command', () => {
    const missing = Object.assign(new Error('database "pilot_totals" does not exist'), {
      code: '3D000',
      severity: 'FATAL',
    });
    expect(describeCliError(missing, services)).toEqual({
      code: 'DATABASE_NOT_FOUND',
      message:
        'the database named by DATABASE_URL does not exist at db.internal:5433: database "pilot_totals" does not exist; ' +
        'check DATABASE_URL, or create it with `pft db create` and `pft db migrate`',
    });
  });

  it('names Postgres and DATABASE_URL when the database cannot be reached', () => {
    expect(describeCliError(socketError('ECONNREFUSED', '10.0.0.5', 5433), services)).toEqual({
      code: 'DATABASE_UNREACHABLE',
      message: 'cannot reach Postgres at db.internal:5433 (DATABASE_URL): connection refused',
    });
  });

  it('names Postgres and DATABASE_URL when the database does not answer within the connect timeout', () => {
    const timedOut = new Error('Connection terminated due to connection timeout', {
      cause: new Error('Connection terminated unexpectedly'),
    });
    expect(describeCliError(timedOut, services)).toEqual({
      code: 'DATABASE_UNREACHABLE',
      message: 'cannot reach Postgres at db.internal:5433 (DATABASE_URL): timed out',
    });
  });

  it('names Redis and REDIS_URL', () => {
    expect(describeCliError(socketError('ETIMEDOUT', '127.0.0.1', 6379), services)).toEqual({
      code: 'REDIS_UNREACHABLE',
      message: 'cannot reach Redis at 127.0.0.1:6379 (REDIS_URL): timed out',
    });
  });

  it('names the service and every address tried when its host has several', () => {
    const local = { ...services, DATABASE_URL: 'postgres://postgres@localhost:5432/pilot_totals' };
    expect(
      describeCliError(
        failedAtEach(
          socketError('ECONNREFUSED', '::1', 5432),
          socketError('ECONNREFUSED', '127.0.0.1', 5432),
        ),
        local,
      ),
    ).toEqual({
      code: 'DATABASE_UNREACHABLE',
      message:
        'cannot reach Postgres at localhost:5432 (DATABASE_URL): connection refused (tried [::1]:5432, 127.0.0.1:5432)',
    });
    expect(
      describeCliError(
        failedAtEach(
          socketError('EADDRNOTAVAIL', '::1', 6379),
          socketError('ECONNREFUSED', '127.0.0.1', 6379),
        ),
        { ...services, REDIS_URL: 'redis://localhost:6379' },
      ),
    ).toEqual({
      code: 'REDIS_UNREACHABLE',
      message:
        'cannot reach Redis at localhost:6379 (REDIS_URL): tried [::1]:6379 (address not available), 127.0.0.1:6379 (connection refused)',
    });
    expect(
      describeCliError(
        failedAtEach(
          socketError('ECONNREFUSED', '::1', 3000),
          socketError('ECONNREFUSED', '127.0.0.1', 3000),
        ),
        services,
      ),
    ).toEqual({
      code: 'HOST_UNREACHABLE',
      message: 'cannot reach [::1]:3000 or 127.0.0.1:3000: connection refused',
    });
  });

  it('reads the cause of a request that could not be sent (fetch failed)', () => {
    expect(
      describeCliError(
        new TypeError('fetch failed', { cause: socketError('ECONNREFUSED', '127.0.0.1', 3000) }),
        services,
      ),
    ).toEqual({ code: 'HOST_UNREACHABLE', message: 'cannot reach 127.0.0.1:3000: connection refused' });
    const toLocalhost = new TypeError('fetch failed', {
      cause: failedAtEach(
        socketError('ECONNREFUSED', '::1', 3001),
        socketError('ECONNREFUSED', '127.0.0.1', 3001),
      ),
    });
    expect(describeCliError(toLocalhost, services)).toEqual({
      code: 'HOST_UNREACHABLE',
      message: 'cannot reach [::1]:3001 or 127.0.0.1:3001: connection refused',
    });
    const deeper = new Error('step failed', { cause: toLocalhost });
    expect(describeCliError(deeper, services).code).toBe('HOST_UNREACHABLE');
  });

  it('tells what lies beneath an error of no socket, in its own words', () => {
    expect(
      describeCliError(new TypeError('fetch failed', { cause: new Error('bad port') }), services),
    ).toEqual({
      code: 'COMMAND_FAILED',
      message: 'fetch failed: bad port',
    });
    const looping: Error & { cause?: unknown } = new Error('again');
    looping.cause = looping;
    expect(describeCliError(looping, services)).toEqual({ code: 'COMMAND_FAILED', message: 'again' });
  });

  describe('a host name that does not resolve', () => {
    it('names the variable that gave it and the host: DATABASE_URL', () => {
      expect(describeCliError(lookupFailed('ENOTFOUND', 'db.internal'), services)).toEqual({
        code: 'DATABASE_UNREACHABLE',
        message:
          'cannot reach Postgres at db.internal:5433 (DATABASE_URL): host name db.internal does not resolve',
      });
    });

    it('REDIS_URL', () => {
      const redis = { ...services, REDIS_URL: 'redis://Cache.Internal:6380/0' };
      expect(describeCliError(lookupFailed('ENOTFOUND', 'cache.internal'), redis)).toEqual({
        code: 'REDIS_UNREACHABLE',
        message:
          'cannot reach Redis at Cache.Internal:6380 (REDIS_URL): host name cache.internal does not resolve',
      });
    });

    it('one of KAFKA_BROKERS, also when the client keeps only the message (kafkajs) or holds it among others (@platformatic/kafka)', () => {
      const kafkajs = new KafkaClientError('Connection error: getaddrinfo ENOTFOUND k2', true, {
        cause: Object.assign(new Error('Connection error: getaddrinfo ENOTFOUND k2'), {
          name: 'KafkaJSConnectionError',
          code: 'ENOTFOUND',
          broker: 'k2:9092',
        }),
      });
      const platformatic = new KafkaClientError('metadata failed 3 times.', true, {
        cause: new AggregateError([
          new AggregateError([
            new Error('Connection to k2:9092 failed.', { cause: lookupFailed('ENOTFOUND', 'k2') }),
          ]),
        ]),
      });
      for (const error of [kafkajs, platformatic])
        expect(describeCliError(error, services)).toEqual({
          code: 'KAFKA_UNREACHABLE',
          message: 'cannot reach Kafka at k1:9092,k2:9092 (KAFKA_BROKERS): host name k2 does not resolve',
        });
    });

    it('tells a DNS that did not answer from a name that does not exist', () => {
      expect(describeCliError(lookupFailed('EAI_AGAIN', 'db.internal'), services)).toEqual({
        code: 'DATABASE_UNREACHABLE',
        message:
          'cannot reach Postgres at db.internal:5433 (DATABASE_URL): host name db.internal could not be resolved: the DNS did not answer in time (EAI_AGAIN)',
      });
    });

    it('names any other host by itself, under HOST_UNREACHABLE', () => {
      const fetchFailed = new TypeError('fetch failed', {
        cause: lookupFailed('ENOTFOUND', 'partner-api.invalid'),
      });
      expect(describeCliError(fetchFailed, services)).toEqual({
        code: 'HOST_UNREACHABLE',
        message: 'host name partner-api.invalid does not resolve',
      });
    });
  });

  it('names Kafka and KAFKA_BROKERS when the Kafka client reaches no broker', () => {
    const error = new KafkaClientError('Connection error: connect ECONNREFUSED 127.0.0.1:9092', true);
    expect(describeCliError(error, services)).toEqual({
      code: 'KAFKA_UNREACHABLE',
      message:
        'cannot reach Kafka at k1:9092,k2:9092 (KAFKA_BROKERS): Connection error: connect ECONNREFUSED 127.0.0.1:9092',
    });
  });

  it('names the socket error the Kafka client holds beneath its own words, as reaching Kafka does', () => {
    // @platformatic/kafka, after the brokers went away mid-command: its own words say no more than this.
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.7:9092'), { code: 'ECONNREFUSED' });
    const error = new KafkaClientError('metadata failed 3 times.', true, {
      cause: Object.assign(
        new AggregateError(
          [new AggregateError([new Error('Connection to k1:9092 failed.', { cause: refused })])],
          'metadata failed 3 times.',
        ),
        { code: 'PLT_KFK_MULTIPLE' },
      ),
    });
    expect(describeCliError(error, services)).toEqual({
      code: 'KAFKA_UNREACHABLE',
      message: 'cannot reach Kafka at k1:9092,k2:9092 (KAFKA_BROKERS): connection refused',
    });
  });

  it('says where for an address that is none of them', () => {
    expect(describeCliError(socketError('EHOSTUNREACH', '192.0.2.1', 80), services)).toEqual({
      code: 'HOST_UNREACHABLE',
      message: 'cannot reach 192.0.2.1:80: host unreachable',
    });
  });

  it('keeps the code of a failure the command recognised', () => {
    expect(
      describeCliError(new CliError('API_KEY_NOT_FOUND', 'no API key with prefix pft_x'), services),
    ).toEqual({
      code: 'API_KEY_NOT_FOUND',
      message: 'no API key with prefix pft_x',
    });
    expect(describeCliError(new UnknownPartnerError('p-1'), services).code).toBe('PARTNER_NOT_FOUND');
  });

  it('reports a bad configuration with exit code 78, as the apps do', () => {
    const failure = describeCliError(new ConfigError(['KAFKA_BROKERS="": must not be empty']), services);
    expect(failure).toEqual({
      code: 'INVALID_CONFIGURATION',
      message: 'Invalid configuration:\n  KAFKA_BROKERS="": must not be empty',
    });
    expect(exitCodeOf(failure)).toBe(78);
  });

  it('passes any other error through in its own words, with exit code 1', () => {
    const failure = describeCliError(new Error('something else'), services);
    expect(failure).toEqual({ code: 'COMMAND_FAILED', message: 'something else' });
    expect(exitCodeOf(failure)).toBe(1);
    expect(describeCliError('plain', services)).toEqual({ code: 'COMMAND_FAILED', message: 'plain' });
  });
});

describe('usageFailure', () => {
  it('tells a usage error as commander words it, under INVALID_USAGE', () => {
    expect(usageFailure("error: unknown option '--limt'\n(Did you mean --limit?)\n")).toEqual({
      code: 'INVALID_USAGE',
      message: "unknown option '--limt'\n(Did you mean --limit?)",
    });
    expect(exitCodeOf(usageFailure("error: missing required argument 'name'\n"))).toBe(1);
  });
});
