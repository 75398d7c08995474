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
