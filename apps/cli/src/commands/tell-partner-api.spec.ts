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
      'cannot reach [::1]:6379 or 127.0.0.1:6379: connection refused',
    );
  });

  it('names the address of a host of one address', async () => {
    connecting = {
      emit: socketError('ECONNREFUSED', '127.0.0.1', 6379),
      reject: new Error('Connection is closed.'),
    };
    await expect(tellPartnerApi(config, jest.fn())).resolves.toBe(
      'cannot reach 127.0.0.1:6379: connection refused',
    );
  });

  it('tells any other failure in its own words', async () => {
    connecting = {};
    await expect(
      tellPartnerApi(config, jest.fn().mockRejectedValue(new Error('Command timed out'))),
    ).resolves.toBe('Command timed out');
  });
});
