import { Command, CommanderError } from 'commander';
import { runWalkthrough } from '../walkthrough/walkthrough';
import { registerWalkthroughCommand } from './walkthrough.command';

jest.mock('../walkthrough/walkthrough', () => ({ runWalkthrough: jest.fn().mockResolvedValue(undefined) }));
jest.mock('../cli.config', () => ({ loadCliConfig: () => ({}) }));

/** Runs `pft <args>` as main.ts does, answering how commander told a usage error, if it did. */
async function pft(...args: string[]): Promise<{ usageError?: string; code?: string }> {
  let usageError: string | undefined;
  const program = new Command('pft')
    .exitOverride()
    .configureOutput({ outputError: (text) => (usageError = text), writeErr: () => undefined });
  registerWalkthroughCommand(program);
  try {
    await program.parseAsync(args, { from: 'user' });
    return {};
  } catch (err) {
    if (!(err instanceof CommanderError)) throw err;
    return { usageError, code: err.code };
  }
}

describe('pft walkthrough', () => {
  beforeEach(() => jest.mocked(runWalkthrough).mockClear());

  it.each(['abc', '0', '-5', '1.5', '600001', ''])(
    'refuses --freshness-timeout %p as a usage error, before driving anything',
    async (value) => {
      const result = await pft('walkthrough', '--freshness-timeout', value);
      expect(result.code).toBe('commander.invalidArgument');
      expect(result.usageError).toContain('a whole number of milliseconds from 1 to 600000');
      expect(runWalkthrough).not.toHaveBeenCalled();
    },
  );

  it('waits as long as asked, 10 s unless asked', async () => {
    await pft('walkthrough', '--freshness-timeout', '2500');
    await pft('walkthrough');
    expect(jest.mocked(runWalkthrough).mock.calls.map(([, target]) => target.freshnessTimeoutMs)).toEqual([
      2500, 10000,
    ]);
  });
});
