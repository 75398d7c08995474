import { loadConfig, NodeEnvVariables } from '@pft/platform';
import { WithPartnerRedisPrefix } from './partner-redis-variables';

class PartnerRedisConfig extends WithPartnerRedisPrefix(NodeEnvVariables) {}

describe('PARTNER_REDIS_PREFIX', () => {
  it('is pft: by default, and 1-64 of [A-Za-z0-9:._-]', () => {
    const config = loadConfig(PartnerRedisConfig, {});
    expect(config.PARTNER_REDIS_PREFIX).toBe('pft:');
    expect(() => loadConfig(PartnerRedisConfig, { PARTNER_REDIS_PREFIX: 'has spaces' })).toThrow(
      /PARTNER_REDIS_PREFIX="has spaces"/,
    );
  });
});
