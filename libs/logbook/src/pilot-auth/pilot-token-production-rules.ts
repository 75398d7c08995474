import { type VariableRule } from '@pft/platform/config';

/** The local JWT_SECRET: published in the repository, so good for development only. */
export const DEVELOPMENT_JWT_SECRET = 'local-development-secret-change-me-in-production';

/** The pilot token variables production's refusals look at; a process has those it reads. */
interface PilotTokenRuleVariables {
  JWT_SECRET: string;
  JWT_PUBLIC_KEY?: string;
  JWKS_URL?: string;
  JWT_ALLOW_HS256: boolean;
  JWT_ISSUER?: string;
  JWT_AUDIENCE?: string;
}

/** Whether pilot tokens are checked with the shared secret (no public key or JWKS URL given). */
const usesJwtSecret = (config: Partial<PilotTokenRuleVariables>): boolean =>
  !config.JWKS_URL && !config.JWT_PUBLIC_KEY;

/**
 * What production refuses of the signing of pilot tokens although development accepts it: the secret
 * published in the repository, and tokens whose issuer and audience go unchecked.
 */
export const PILOT_TOKEN_SIGNING_REFUSALS: VariableRule<Partial<PilotTokenRuleVariables>> = {
  inProduction: true,
  problems: (config) => [
    ...(usesJwtSecret(config) && config.JWT_SECRET === DEVELOPMENT_JWT_SECRET
      ? [
          {
            variable: 'JWT_SECRET',
            message: 'the built-in development secret is public; production needs a secret of its own',
          },
        ]
      : []),
    ...(config.JWT_ISSUER
      ? []
      : [
          {
            variable: 'JWT_ISSUER',
            message: "production checks each pilot token's issuer: set the identity provider's `iss`",
          },
        ]),
    ...(config.JWT_AUDIENCE
      ? []
      : [
          {
            variable: 'JWT_AUDIENCE',
            message: "production checks each pilot token's audience: set the `aud` issued for this service",
          },
        ]),
  ],
};

/**
 * What production refuses of the checking of pilot tokens: the shared HS256 secret unless asked for,
 * and signing keys fetched over plain http.
 */
export const PILOT_TOKEN_CHECK_REFUSALS: VariableRule<Partial<PilotTokenRuleVariables>> = {
  inProduction: true,
  problems: (config) => [
    ...(usesJwtSecret(config) && !config.JWT_ALLOW_HS256
      ? [
          {
            variable: 'JWT_ALLOW_HS256',
            message:
              'production checks pilot tokens with JWT_PUBLIC_KEY or JWKS_URL; set one of them, or JWT_ALLOW_HS256=true to use the shared JWT_SECRET (HS256)',
          },
        ]
      : []),
    ...(config.JWKS_URL && !config.JWKS_URL.startsWith('https://')
      ? [{ variable: 'JWKS_URL', message: 'production fetches signing keys over https only' }]
      : []),
  ],
};
