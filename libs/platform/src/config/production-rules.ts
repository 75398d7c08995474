import { DEVELOPMENT_MASTER_KEY } from './master-key-rules';
import { AppConfig, DEVELOPMENT_JWT_SECRET } from './app-config';

/** A variable whose value is refused, and why. */
export interface ConfigProblem {
  variable: keyof AppConfig;
  message: string;
}

/** Whether pilot tokens are checked with the shared secret (no public key or JWKS URL given). */
export const usesJwtSecret = (config: AppConfig): boolean => !config.JWKS_URL && !config.JWT_PUBLIC_KEY;

/**
 * What production refuses although development accepts it: the defaults that are safe only on a
 * developer's machine (a secret published in the repository, the local database and Redis), a
 * shared HS256 secret unless asked for, and tokens whose issuer and audience go unchecked.
 */
export function productionProblems(config: AppConfig): ConfigProblem[] {
  if (config.NODE_ENV !== 'production') return [];
  const local = new AppConfig();
  const problems: ConfigProblem[] = [];
  const refuse = (variable: keyof AppConfig, message: string): void => {
    problems.push({ variable, message });
  };

  if (usesJwtSecret(config)) {
    if (config.JWT_SECRET === DEVELOPMENT_JWT_SECRET) {
      refuse('JWT_SECRET', 'the built-in development secret is public; production needs a secret of its own');
    }
    if (!config.JWT_ALLOW_HS256) {
      refuse(
        'JWT_ALLOW_HS256',
        'production checks pilot tokens with JWT_PUBLIC_KEY or JWKS_URL; set one of them, or JWT_ALLOW_HS256=true to use the shared JWT_SECRET (HS256)',
      );
    }
  }
  if (config.PFT_MASTER_KEY === DEVELOPMENT_MASTER_KEY) {
    refuse(
      'PFT_MASTER_KEY',
      'production needs a master key of its own (32 random bytes, base64); the development key is public',
    );
  }
  if (config.JWKS_URL && !config.JWKS_URL.startsWith('https://')) {
    refuse('JWKS_URL', 'production fetches signing keys over https only');
  }
  if (!config.JWT_ISSUER) {
    refuse('JWT_ISSUER', "production checks each pilot token's issuer: set the identity provider's `iss`");
  }
  if (!config.JWT_AUDIENCE) {
    refuse(
      'JWT_AUDIENCE',
      "production checks each pilot token's audience: set the `aud` issued for this service",
    );
  }
  if (config.DATABASE_URL === local.DATABASE_URL) {
    refuse('DATABASE_URL', 'the local development database; production needs its own');
  }
  if (config.REDIS_URL === local.REDIS_URL) {
    refuse('REDIS_URL', 'the local development Redis; production needs its own');
  }
  return problems;
}
