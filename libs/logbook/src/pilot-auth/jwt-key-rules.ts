import { type ConfigProblem } from '@pft/platform/config';
import {
  algorithmFitsKey,
  defaultAlgorithmForKey,
  jwtAlgorithmList,
  publicKeyFromPem,
} from './jwt-algorithms';

/**
 * JWT_PUBLIC_KEY and JWT_ALGORITHMS checked together: a key that cannot check any accepted
 * algorithm would refuse every pilot token, which should stop the app at start, not at each request.
 */
export function jwtKeyProblems(config: {
  JWKS_URL?: string;
  JWT_PUBLIC_KEY?: string;
  JWT_ALGORITHMS?: string;
}): ConfigProblem[] {
  if (config.JWKS_URL || !config.JWT_PUBLIC_KEY) return [];
  const key = publicKeyFromPem(config.JWT_PUBLIC_KEY);
  if (config.JWT_ALGORITHMS === undefined) {
    return defaultAlgorithmForKey(key)
      ? []
      : [
          {
            variable: 'JWT_PUBLIC_KEY',
            message: `a ${key.asymmetricKeyType ?? 'unknown'} key, for none of the accepted algorithms (RSA, EC P-256/384/521 or Ed25519)`,
          },
        ];
  }
  const unfit = jwtAlgorithmList(config.JWT_ALGORITHMS).filter((alg) => !algorithmFitsKey(alg, key));
  return unfit.length === 0
    ? []
    : [
        {
          variable: 'JWT_ALGORITHMS',
          message: `${unfit.join(', ')} cannot be checked with the ${key.asymmetricKeyType ?? 'unknown'} key of JWT_PUBLIC_KEY`,
        },
      ];
}
