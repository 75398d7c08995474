import { Command, CommanderError } from 'commander';
import { registerTokenCommands } from './token.command';

const config = { JWT_SECRET: 's'.repeat(32), JWT_ISSUER: undefined, JWT_AUDIENCE: undefined };
const loadCliConfig = jest.fn(() => config);
jest.mock('../cli.config', () => ({ loadCliConfig: () => loadCliConfig() }));

/** Runs `pft <args>` as main.ts does, answering what reached stdout and how commander told an error. */
async function pft(...args: string[]): Promise<{ printed: string[]; usageError?: string; code?: string }> {
  const printed: string[] = [];
  const log = jest.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
  let usageError: string | undefined;
  const program = new Command('pft')
    .exitOverride()
    .configureOutput({ outputError: (text) => (usageError = text), writeErr: () => undefined });
  registerTokenCommands(program);
  try {
    await program.parseAsync(args, { from: 'user' });
    return { printed };
  } catch (err) {
    if (!(err instanceof CommanderError)) throw err;
    return { printed, usageError, code: err.code };
  } finally {
    log.mockRestore();
  }
}

describe('pft token mint', () => {
  beforeEach(() => loadCliConfig.mockClear());

  it('refuses an account id that is not a UUID as a usage error, before reading the configuration', async () => {
    const result = await pft('token', 'mint', 'not-a-uuid');
    expect(result.code).toBe('commander.invalidArgument');
    expect(result.usageError).toContain("'not-a-uuid' is invalid for argument 'account-id'");
    expect(result.usageError).toContain('a pilot account id is a UUID');
    expect(loadCliConfig).not.toHaveBeenCalled();
  });

  it('mints a token for the account id, lower-cased', async () => {
    const { printed, code } = await pft('token', 'mint', '0B8E1F4A-3C2D-4E5F-8A9B-1C2D3E4F5A6B');
    expect(code).toBeUndefined();
    const [, payload] = (printed[0] ?? '').split('.');
    expect(JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())).toMatchObject({
      sub: '0b8e1f4a-3c2d-4e5f-8a9b-1c2d3e4f5a6b',
    });
  });
});
