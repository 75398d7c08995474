import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, Matches } from 'class-validator';
import { toBoolean, IntVariable, Unshown, VariableRules, type VariablesBase } from '@pft/platform/config';
import { jwtKeyProblems } from './jwt-key-rules';
import { IsJwtAlgorithmList, IsJwtSecret, IsPublicKeyPem } from './jwt-variables';
import {
  DEVELOPMENT_JWT_SECRET,
  PILOT_TOKEN_CHECK_REFUSALS,
  PILOT_TOKEN_SIGNING_REFUSALS,
} from './pilot-token-production-rules';

/** What a pilot token is signed with and carries: read to mint tokens (`pft token`) and to check them. */
export function WithPilotTokenSigning<B extends VariablesBase>(Base: B) {
  @VariableRules(PILOT_TOKEN_SIGNING_REFUSALS)
  class PilotTokenSigningGroup extends Base {
    /**
     * The shared HS256 secret of local pilot tokens. Production refuses this built-in value, and uses
     * the secret at all only with JWT_ALLOW_HS256=true (see pilot-token-production-rules.ts).
     */
    @Unshown()
    @IsJwtSecret()
    JWT_SECRET = DEVELOPMENT_JWT_SECRET;

    /** The `iss` every pilot token must carry; unset: not checked (required in production). */
    @IsOptional()
    @Matches(/^\S+$/, { message: 'JWT_ISSUER must be one value without spaces' })
    JWT_ISSUER?: string = undefined;

    /** An `aud` every pilot token must carry; unset: not checked (required in production). */
    @IsOptional()
    @Matches(/^\S+$/, { message: 'JWT_AUDIENCE must be one value without spaces' })
    JWT_AUDIENCE?: string = undefined;
  }
  return PilotTokenSigningGroup;
}

/** How the pilot app API checks pilot tokens: the key, the algorithms, the clock's tolerance. */
export function WithPilotTokenCheck<B extends VariablesBase>(Base: B) {
  @VariableRules(
    // A key that cannot check any accepted algorithm would refuse every pilot token: refused at start.
    { after: ['JWT_PUBLIC_KEY', 'JWT_ALGORITHMS'], problems: jwtKeyProblems },
    PILOT_TOKEN_CHECK_REFUSALS,
  )
  class PilotTokenCheckGroup extends WithPilotTokenSigning(Base) {
    /** PEM public key of the identity provider; takes precedence over JWT_SECRET. */
    @Unshown()
    @IsOptional()
    @IsPublicKeyPem()
    JWT_PUBLIC_KEY?: string = undefined;

    /** The identity provider's key set; takes precedence over JWT_PUBLIC_KEY and JWT_SECRET. */
    @IsOptional()
    @Matches(/^https?:\/\/\S+$/, { message: 'JWKS_URL must be an http(s) URL' })
    JWKS_URL?: string = undefined;

    /**
     * The algorithms accepted with JWT_PUBLIC_KEY or JWKS_URL. Unset: the one the public key is for
     * (RS256 for RSA, ES256 for P-256, ...), RS256 with a JWKS URL. The secret only ever takes HS256.
     */
    @IsOptional()
    @IsJwtAlgorithmList()
    JWT_ALGORITHMS?: string = undefined;

    /** Whether production may verify pilot tokens with the shared JWT_SECRET (HS256). */
    @Transform(toBoolean)
    @IsBoolean()
    JWT_ALLOW_HS256 = false;

    /** How far a token's `exp` and `nbf` may be off the clock, for clocks that disagree a little. */
    @IntVariable(0, 300)
    JWT_CLOCK_TOLERANCE_SECONDS = 30;
  }
  return PilotTokenCheckGroup;
}
