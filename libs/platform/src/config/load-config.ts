import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { isUnshown, variableRulesOf } from './variable-rules';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/** An app's configuration class: its properties are the variables it reads, with their defaults. */
export type ConfigClass<C extends object> = new () => C;

/**
 * How a refused value is shown: URLs without their password, a variable marked `@Unshown()` by its
 * length only, one without a value by whether it has a default.
 */
function shown(
  type: ConfigClass<object>,
  defaults: object,
  name: string,
  given: Record<string, string>,
): string {
  const value = given[name];
  if (value === undefined)
    return (defaults as Record<string, unknown>)[name] === undefined ? '(unset)' : '(default)';
  if (isUnshown(type, name)) return `(${Buffer.byteLength(value, 'utf8')} bytes, not shown)`;
  return JSON.stringify(value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/\s]*):[^@/\s]*@/i, '$1:***@'));
}

/**
 * Reads the variables of an app's configuration class from `env`, applies defaults and validates
 * each, then the rules its groups declare over several variables (a key and its algorithms;
 * production's refusals, of the variables the app reads); throws naming each bad variable.
 */
export function loadConfig<C extends object>(type: ConfigClass<C>, env: NodeJS.ProcessEnv = process.env): C {
  const defaults = new type();
  const given: Record<string, string> = {};
  for (const name of Object.keys(defaults)) {
    const value = env[name];
    if (value !== undefined && value !== '') given[name] = value;
  }
  const config = plainToInstance(type, { ...defaults, ...given });
  const errors = validateSync(config, { forbidUnknownValues: true });
  const show = (name: string): string => shown(type, defaults, name, given);
  const problems = errors.map(
    (e) => `${e.property}=${show(e.property)}: ${Object.values(e.constraints ?? {}).join('; ')}`,
  );
  // The rules over several variables see only values that passed their own checks.
  const bad = new Set(errors.map((e) => e.property));
  const inProduction = !bad.has('NODE_ENV') && (config as { NODE_ENV?: string }).NODE_ENV === 'production';
  const together = variableRulesOf(type)
    .filter(
      (rule) => (inProduction || !rule.inProduction) && !(rule.after ?? []).some((name) => bad.has(name)),
    )
    .flatMap((rule) => rule.problems(config as never));
  for (const { variable, message } of together) {
    if (!bad.has(variable)) problems.push(`${variable}=${show(variable)}: ${message}`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
