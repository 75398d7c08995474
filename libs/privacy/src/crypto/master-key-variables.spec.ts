import { NodeEnvVariables } from '@pft/platform';
import { configProblems, refusedVariables } from '@pft/testing/config-problems';
import { WithMasterKey } from './master-key-variables';

class MasterKeyConfig extends WithMasterKey(NodeEnvVariables) {}

/** A production environment with a master key of its own. */
const SAFE_PRODUCTION = { NODE_ENV: 'production', PFT_MASTER_KEY: Buffer.alloc(32, 42).toString('base64') };

const problemsOf = (env: Record<string, string>): string[] => configProblems(MasterKeyConfig, env);
const variablesOf = (env: Record<string, string>): string[] => refusedVariables(MasterKeyConfig, env);

describe('the master key variables', () => {
  it('accepts a production configuration with a master key of its own', () => {
    expect(problemsOf(SAFE_PRODUCTION)).toEqual([]);
  });

  it('refuses the development master key and a master key that is not 32 bytes, without printing it', () => {
    expect(variablesOf({ ...SAFE_PRODUCTION, PFT_MASTER_KEY: '' })).toEqual(['PFT_MASTER_KEY']);
    const short = Buffer.alloc(16, 1).toString('base64');
    const problems = problemsOf({ ...SAFE_PRODUCTION, PFT_MASTER_KEY: short });
    expect(problems).toEqual([
      expect.stringMatching(/^PFT_MASTER_KEY=\(24 bytes, not shown\): .*32 random bytes/),
    ]);
    expect(problems.join('\n')).not.toContain(short);
    expect(variablesOf({ NODE_ENV: 'development', PFT_PREVIOUS_MASTER_KEYS: `${short},x` })).toEqual([
      'PFT_PREVIOUS_MASTER_KEYS',
    ]);
  });

  it.each(['development', 'test'])('keeps the development master key in %s', (NODE_ENV) => {
    expect(problemsOf({ NODE_ENV })).toEqual([]);
  });
});
