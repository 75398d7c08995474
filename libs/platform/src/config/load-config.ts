import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { jwtKeyProblems } from './jwt-key-rules';
import { OPTIONAL_VARIABLES } from './pilot-token-variables';
import { productionProblems } from './production-rules';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/** An app's configuration class: its properties are the variables it reads, with their defaults. */
export type ConfigClass<C extends object> = new () => C;

/**
 * Variables shown by their length only when refused: a secret must not reach a log, and a PEM
 * is long and may be a private key pasted by mistake.
 */
const UNSHOWN_VARIABLES = new Set([
  'JWT_SECRET',
  'JWT_PUBLIC_KEY',
  'PFT_MASTER_KEY',
  'PFT_PREVIOUS_MASTER_KEYS',
]);

/** How a refused value is shown: URLs without their password. */
function shown(name: string, given: Record<string, string>): string {
  const value = given[name];
  if (value === undefined)
    return (OPTIONAL_VARIABLES as readonly string[]).includes(name) ? '(unset)' : '(default)';
  if (UNSHOWN_VARIABLES.has(name)) return `(${Buffer.byteLength(value, 'utf8')} bytes, not shown)`;
  return JSON.stringify(value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/\s]*):[^@/\s]*@/i, '$1:***@'));
}

/**
 * Reads the variables of an app's configuration class from `env`, applies defaults and validates
 * each, then the rules that take several variables together (the JWT key and its algorithms;
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
  const problems = errors.map(
    (e) => `${e.property}=${shown(e.property, given)}: ${Object.values(e.constraints ?? {}).join('; ')}`,
  );
  // The rules over several variables see only values that passed their own checks.
  const bad = new Set(errors.map((e) => e.property));
  const together = [
    ...(bad.has('JWT_PUBLIC_KEY') || bad.has('JWT_ALGORITHMS') ? [] : jwtKeyProblems(config)),
    ...(bad.has('NODE_ENV') ? [] : productionProblems(config)),
  ];
  for (const { variable, message } of together) {
    if (!bad.has(variable)) problems.push(`${variable}=${shown(variable, given)}: ${message}`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
