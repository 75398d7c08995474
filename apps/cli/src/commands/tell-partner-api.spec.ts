import { EventEmitter } from 'node:events';
import { type CliConfig } from '../cli.config';
import { tellPartnerApi } from './tell-partner-api';

/** How the fake Redis of each test connects: the error it emits, if any, and what connect() does. */
let connecting: { emit?: Error; reject?: Error } = {};

jest.mock('ioredis', () => ({
  __esModule: true,
  default: class extends EventEmitter {
    connect(): Promise<void> {
      if (connecting.emit) this.emit('error', connecting.emit);
      return connecting.reject ? Promise.reject(connecting.reject) : Promise.resolve();
    }
    disconnect(): void {}
  },
}));

const config = { REDIS_URL: 'redis://localhost:6379', PARTNER_REDIS_PREFIX: 'pft:' } as CliConfig;

const socketError = (code: string, address: string, port: number) =>
  Object.assign(new Error(`connect ${code} ${address}:${port}`), { code, address, port, syscall: 'connect' });

describe('tellPartnerApi', () => {
  it('answers undefined once Redis was told', async () => {
    connecting = {};
    const tell = jest.fn().mockResolvedValue(undefined);
    await expect(tellPartnerApi(config, tell)).resolves.toBeUndefined();
    expect(tell).toHaveBeenCalledWith(expect.anything(), 'pft:');
  });

  it('names every address tried when the host of REDIS_URL has several and none answers', async () => {
    const refused = [
      socketError('ECONNREFUSED', '::1', 6379),
      socketError('ECONNREFUSED', '127.0.0.1', 6379),
    ];
    connecting = {
      emit: Object.assign(new AggregateError(refused), { code: 'ECONNREFUSED' }),
      reject: new Error('Connection is closed.'),
    };
    await expect(tellPartnerApi(config, jest.fn())).resolves.toBe(
      'cannot reach Redis at localhost:6379 (REDIS_URL): connection refused (tried [::1]:6379, 127.0.0.1:6379)',
    );
  });

  it('names the address of a host of one address', async () => {
    connecting = {
      emit: socketError('ECONNREFUSED', '127.0.0.1', 6379),
      reject: new Error('Connection is closed.'),
    };
    await expect(tellPartnerApi(config, jest.fn())).resolves.toBe(
      'cannot reach Redis at localhost:6379 (REDIS_URL): connection refused',
    );
  });

  it('names the address and REDIS_URL when the connection times out, which ioredis reports with no address', async () => {
    connecting = {
      emit: Object.assign(new Error('connect ETIMEDOUT'), {
        errorno: 'ETIMEDOUT',
        code: 'ETIMEDOUT',
        syscall: 'connect',
      }),
      reject: new Error('Connection is closed.'),
    };
    await expect(tellPartnerApi(config, jest.fn())).resolves.toBe(
      'cannot reach Redis at localhost:6379 (REDIS_URL): timed out',
    );
  });

  it('names the host of REDIS_URL that does not resolve', async () => {
    connecting = {
      emit: Object.assign(new Error('getaddrinfo ENOTFOUND localhost'), {
        code: 'ENOTFOUND',
        hostname: 'localhost',
        syscall: 'getaddrinfo',
      }),
      reject: new Error('Connection is closed.'),
    };
    await expect(tellPartnerApi(config, jest.fn())).resolves.toBe(
      'cannot reach Redis at localhost:6379 (REDIS_URL): host name localhost does not resolve',
    );
  });

  it('tells why Redis refused the connection, which ioredis reports only as an error event', async () => {
    // REDIS_URL with a user or password Redis does not take: connect() says only that it closed.
    connecting = {
      emit: Object.assign(new Error('WRONGPASS invalid username-password pair or user is disabled.'), {
        name: 'ReplyError',
      }),
      reject: new Error('Connection is closed.'),
    };
    await expect(tellPartnerApi(config, jest.fn())).resolves.toBe(
      'Redis at localhost:6379 (REDIS_URL): WRONGPASS invalid username-password pair or user is disabled.',
    );
  });

  it('tells any other failure in its own words, naming where REDIS_URL points', async () => {
    connecting = {};
    await expect(
      tellPartnerApi(config, jest.fn().mockRejectedValue(new Error('Command timed out'))),
    ).resolves.toBe('Redis at localhost:6379 (REDIS_URL): Command timed out');
  });
});
