import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { AppConfig } from './app-config';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the known variables from `env`, applies defaults and validates; throws naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const defaults = new AppConfig();
  const known = Object.keys(defaults).concat(['JWT_PUBLIC_KEY', 'JWKS_URL']);
  const given: Record<string, string> = {};
  for (const name of known) {
    const value = env[name];
    if (value !== undefined && value !== '') given[name] = value;
  }
  const config = plainToInstance(AppConfig, { ...defaults, ...given });
  const errors = validateSync(config, { forbidUnknownValues: true });
  if (errors.length > 0) {
    throw new ConfigError(
      errors.map((e) => {
        const shown = e.property in given ? JSON.stringify(given[e.property]) : '(default)';
        return `${e.property}=${shown}: ${Object.values(e.constraints ?? {}).join('; ')}`;
      }),
    );
  }
  return config;
}
