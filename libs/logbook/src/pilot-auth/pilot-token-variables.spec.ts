import { expectRefusedAlone } from '@pft/testing/config-problems';
import { loadConfig, NodeEnvVariables } from '@pft/platform';
import { WithPilotTokenCheck } from './pilot-token-variables';

class PilotTokenConfig extends WithPilotTokenCheck(NodeEnvVariables) {}

describe('the pilot token variables', () => {
  it.each([
    ['JWT_ALGORITHMS', 'HS256'],
    ['JWT_ALGORITHMS', 'RS256,none'],
    ['JWT_ALLOW_HS256', 'yes'],
    ['JWT_CLOCK_TOLERANCE_SECONDS', '3600'],
    ['JWKS_URL', 'file:///etc/keys.json'],
  ])('names the bad variable %s=%s', (name, value) => expectRefusedAlone(PilotTokenConfig, name, value));

  it('refuses a JWT_SECRET under 32 bytes without printing it', () => {
    expect(() => loadConfig(PilotTokenConfig, { JWT_SECRET: 'short-and-secret' })).toThrow(
      'JWT_SECRET=(16 bytes, not shown): JWT_SECRET must be at least 32 bytes',
    );
    expect(() => loadConfig(PilotTokenConfig, { JWT_SECRET: 'short-and-secret' })).not.toThrow(
      /short-and-secret/,
    );
    expect(loadConfig(PilotTokenConfig, { JWT_SECRET: 'é'.repeat(16) }).JWT_SECRET).toHaveLength(16);
  });

  it('reads the pilot token settings, checking issuer and audience only when set', () => {
    expect(loadConfig(PilotTokenConfig, {})).toMatchObject({
      JWT_ALLOW_HS256: false,
      JWT_CLOCK_TOLERANCE_SECONDS: 30,
      JWT_ISSUER: undefined,
      JWT_AUDIENCE: undefined,
      JWT_ALGORITHMS: undefined,
    });
    expect(
      loadConfig(PilotTokenConfig, {
        JWT_ISSUER: 'https://id.example.test/',
        JWT_AUDIENCE: 'pft',
        JWT_CLOCK_TOLERANCE_SECONDS: '5',
        JWT_ALLOW_HS256: 'true',
        JWKS_URL: 'https://id.example.test/jwks.json',
        JWT_ALGORITHMS: 'RS256, ES256',
      }),
    ).toMatchObject({
      JWT_ISSUER: 'https://id.example.test/',
      JWT_AUDIENCE: 'pft',
      JWT_CLOCK_TOLERANCE_SECONDS: 5,
      JWT_ALLOW_HS256: true,
      JWT_ALGORITHMS: 'RS256, ES256',
    });
  });
});
