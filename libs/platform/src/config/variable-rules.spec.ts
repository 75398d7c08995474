import { configProblems, refusedVariables } from '@pft/testing/config-problems';
import { loadConfig } from './load-config';
import { EveryGroupConfig } from './shared-groups.fixture';

/** A production environment with nothing left at a development default. */
const SAFE_PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://pft:password@db.internal:5432/pilot_totals',
  REDIS_URL: 'rediss://cache.internal:6380',
};

const problemsOf = (env: Record<string, string>): string[] => configProblems(EveryGroupConfig, env);
const variablesOf = (env: Record<string, string>): string[] => refusedVariables(EveryGroupConfig, env);

describe('production configuration', () => {
  it('accepts a production configuration with a database and Redis of its own', () => {
    expect(problemsOf(SAFE_PRODUCTION)).toEqual([]);
    expect(loadConfig(EveryGroupConfig, SAFE_PRODUCTION).NODE_ENV).toBe('production');
  });

  it.each<[string, Record<string, string>, string]>([
    ['the local DATABASE_URL, unset', { DATABASE_URL: '' }, 'DATABASE_URL'],
    [
      'the local DATABASE_URL, written out',
      { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/pilot_totals' },
      'DATABASE_URL',
    ],
    ['the local REDIS_URL, unset', { REDIS_URL: '' }, 'REDIS_URL'],
    ['the local REDIS_URL, written out', { REDIS_URL: 'redis://127.0.0.1:6379' }, 'REDIS_URL'],
  ])('refuses %s, naming %s', (_what, change, variable) => {
    expect(variablesOf({ ...SAFE_PRODUCTION, ...change })).toEqual([variable]);
  });

  it('names every unsafe default at once when nothing is configured', () => {
    expect(variablesOf({ NODE_ENV: 'production' }).sort()).toEqual(['DATABASE_URL', 'REDIS_URL'].sort());
  });

  it('applies no production rule to a NODE_ENV it refuses', () => {
    expect(variablesOf({ NODE_ENV: 'staging' })).toEqual(['NODE_ENV']);
  });

  it.each(['development', 'test'])('keeps every development default in %s', (NODE_ENV) => {
    expect(problemsOf({ NODE_ENV })).toEqual([]);
  });
});
