import { DEVELOPMENT_DATABASE_URL } from './database-variables';
import { DEVELOPMENT_MASTER_KEY } from './master-key-rules';
import { DEVELOPMENT_JWT_SECRET } from './pilot-token-variables';
import { DEVELOPMENT_REDIS_URL } from './redis-variables';

/** A variable whose value is refused, and why. */
export interface ConfigProblem {
  variable: string;
  message: string;
}

/** The variables production's refusals look at; an app's configuration has those it reads. */
export interface ProductionRuleVariables {
  NODE_ENV: string;
  JWT_SECRET: string;
  JWT_PUBLIC_KEY?: string;
  JWKS_URL?: string;
  JWT_ALLOW_HS256: boolean;
  JWT_ISSUER?: string;
  JWT_AUDIENCE?: string;
  PFT_MASTER_KEY: string;
  DATABASE_URL: string;
  REDIS_URL: string;
}

/** Whether pilot tokens are checked with the shared secret (no public key or JWKS URL given). */
export const usesJwtSecret = (config: Partial<ProductionRuleVariables>): boolean =>
  !config.JWKS_URL && !config.JWT_PUBLIC_KEY;

/**
 * What production refuses although development accepts it: the defaults that are safe only on a
 * developer's machine (a secret published in the repository, the local database and Redis), a
 * shared HS256 secret unless asked for, and tokens whose issuer and audience go unchecked. Each
 * refusal applies to the apps whose configuration has the variable concerned: an app is refused
 * only what it reads.
 */
export function productionProblems(config: object): ConfigProblem[] {
  const values = config as Partial<ProductionRuleVariables>;
  if (values.NODE_ENV !== 'production') return [];
  const reads = (variable: keyof ProductionRuleVariables): boolean => variable in config;
  const problems: ConfigProblem[] = [];
  const refuse = (variable: keyof ProductionRuleVariables, message: string): void => {
    problems.push({ variable, message });
  };

  if (reads('JWT_SECRET') && usesJwtSecret(values)) {
    if (values.JWT_SECRET === DEVELOPMENT_JWT_SECRET) {
      refuse('JWT_SECRET', 'the built-in development secret is public; production needs a secret of its own');
    }
    if (reads('JWT_ALLOW_HS256') && !values.JWT_ALLOW_HS256) {
      refuse(
        'JWT_ALLOW_HS256',
        'production checks pilot tokens with JWT_PUBLIC_KEY or JWKS_URL; set one of them, or JWT_ALLOW_HS256=true to use the shared JWT_SECRET (HS256)',
      );
    }
  }
  if (reads('PFT_MASTER_KEY') && values.PFT_MASTER_KEY === DEVELOPMENT_MASTER_KEY) {
    refuse(
      'PFT_MASTER_KEY',
      'production needs a master key of its own (32 random bytes, base64); the development key is public',
    );
  }
  if (values.JWKS_URL && !values.JWKS_URL.startsWith('https://')) {
    refuse('JWKS_URL', 'production fetches signing keys over https only');
  }
  if (reads('JWT_ISSUER') && !values.JWT_ISSUER) {
    refuse('JWT_ISSUER', "production checks each pilot token's issuer: set the identity provider's `iss`");
  }
  if (reads('JWT_AUDIENCE') && !values.JWT_AUDIENCE) {
    refuse(
      'JWT_AUDIENCE',
      "production checks each pilot token's audience: set the `aud` issued for this service",
    );
  }
  if (reads('DATABASE_URL') && values.DATABASE_URL === DEVELOPMENT_DATABASE_URL) {
    refuse('DATABASE_URL', 'the local development database; production needs its own');
  }
  if (reads('REDIS_URL') && values.REDIS_URL === DEVELOPMENT_REDIS_URL) {
    refuse('REDIS_URL', 'the local development Redis; production needs its own');
  }
  return problems;
}
