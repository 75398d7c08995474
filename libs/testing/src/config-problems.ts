import { ConfigError, loadConfig } from '@pft/platform';

/** What loading the configuration class `type` from `env` refuses, one problem a variable: none when it loads. */
export function configProblems(type: new () => object, env: Record<string, string>): string[] {
  try {
    loadConfig(type, env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
}

/** The names of the variables loading `type` from `env` refuses, in the order of configProblems. */
export const refusedVariables = (type: new () => object, env: Record<string, string>): string[] =>
  configProblems(type, env).map((problem) => problem.slice(0, problem.indexOf('=')));

/** Loading `type` with `name` set to `value` fails with a ConfigError of one problem, naming that variable and value. */
export function expectRefusedAlone(type: new () => object, name: string, value: string): void {
  let thrown: unknown;
  try {
    loadConfig(type, { [name]: value });
  } catch (err) {
    thrown = err;
  }
  expect(thrown).toBeInstanceOf(ConfigError);
  expect((thrown as ConfigError).problems).toHaveLength(1);
  expect((thrown as ConfigError).problems[0]).toContain(`${name}=${JSON.stringify(value)}`);
}
