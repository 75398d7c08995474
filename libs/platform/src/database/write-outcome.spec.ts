import { isCommitOutcomeUnknown, isDeadlock, writeOutcomeTimeoutMs } from './write-outcome';

const fromServer = (code: string) => Object.assign(new Error(code), { severity: 'ERROR', code });

describe('isCommitOutcomeUnknown', () => {
  it.each([
    ['a client time limit', new Error('Query read timeout')],
    ['a connection that broke', new Error('Connection terminated unexpectedly')],
    ['a socket error', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['a terminated session', fromServer('57P01')],
    ['a connection exception', fromServer('08006')],
    ['an internal error', fromServer('XX000')],
    ['nothing at all', undefined],
  ])('is unknown after %s', (_, error) => {
    expect(isCommitOutcomeUnknown(error)).toBe(true);
  });

  it.each([
    ['a serialization failure', fromServer('40001')],
    ['a deferred unique violation', fromServer('23505')],
    ['a refused statement', fromServer('42P01')],
  ])('is known (rolled back) after %s', (_, error) => {
    expect(isCommitOutcomeUnknown(error)).toBe(false);
  });
});

describe('isDeadlock', () => {
  it('is true for the statement Postgres ended to break a deadlock, and for nothing else', () => {
    expect(isDeadlock(fromServer('40P01'))).toBe(true);
    for (const other of [
      fromServer('40001'),
      fromServer('23505'),
      new Error('deadlock detected'),
      undefined,
      null,
    ]) {
      expect(isDeadlock(other)).toBe(false);
    }
  });
});

describe('writeOutcomeTimeoutMs', () => {
  it('is the configured time, else what the client gives one statement', () => {
    expect(writeOutcomeTimeoutMs({ WRITE_OUTCOME_TIMEOUT_MS: 500, DATABASE_QUERY_TIMEOUT_MS: 10_000 })).toBe(
      500,
    );
    expect(writeOutcomeTimeoutMs({ DATABASE_QUERY_TIMEOUT_MS: 10_000 })).toBe(11_000);
    expect(writeOutcomeTimeoutMs({ DATABASE_QUERY_TIMEOUT_MS: 0 })).toBe(11_000);
    expect(writeOutcomeTimeoutMs({ DATABASE_QUERY_TIMEOUT_MS: 2000 })).toBe(3000);
  });
});
