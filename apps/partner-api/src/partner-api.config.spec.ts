import { ConfigError, loadConfig } from '@pft/platform';
import { PartnerApiConfig } from './partner-api.config';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(PartnerApiConfig, env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
};

describe('PartnerApiConfig', () => {
  it('works with no variables at all: every default is valid', () => {
    const config = loadConfig(PartnerApiConfig, {});
    expect(config.PARTNER_API_PORT).toBe(3000);
    expect(config.PARTNER_TOTALS_CACHE_MS).toBe(1000);
  });

  it("defaults to the decisions' 30 failed authentications per client a minute", () => {
    expect(loadConfig(PartnerApiConfig, {}).PARTNER_AUTH_FAILURES_PER_MINUTE).toBe(30);
  });

  it("keeps 400 days of the access history by default, at least the pilot app API's year", () => {
    expect(loadConfig(PartnerApiConfig, {}).ACCESS_HISTORY_RETENTION_DAYS).toBe(400);
    expect(
      loadConfig(PartnerApiConfig, { ACCESS_HISTORY_RETENTION_DAYS: '730' }).ACCESS_HISTORY_RETENTION_DAYS,
    ).toBe(730);
    expect(() => loadConfig(PartnerApiConfig, { ACCESS_HISTORY_RETENTION_DAYS: '364' })).toThrow(
      /ACCESS_HISTORY_RETENTION_DAYS="364"/,
    );
    expect(() => loadConfig(PartnerApiConfig, { ACCESS_HISTORY_RETENTION_DAYS: 'forever' })).toThrow(
      /ACCESS_HISTORY_RETENTION_DAYS="forever"/,
    );
  });

  it('reads numbers from strings and lists every bad variable at once', () => {
    expect(loadConfig(PartnerApiConfig, { PARTNER_API_PORT: '8080' }).PARTNER_API_PORT).toBe(8080);
    expect(() => loadConfig(PartnerApiConfig, { PARTNER_API_PORT: 'x', REDIS_URL: 'y' })).toThrow(
      /PARTNER_API_PORT[\s\S]*REDIS_URL/,
    );
  });

  it('reads no pilot token variable: production refuses only the defaults it reads', () => {
    expect(loadConfig(PartnerApiConfig, {})).not.toHaveProperty('JWT_SECRET');
    const refused = problemsOf({ NODE_ENV: 'production' }).map((p) => p.slice(0, p.indexOf('=')));
    expect(refused.sort()).toEqual(['DATABASE_URL', 'PFT_MASTER_KEY', 'REDIS_URL']);
  });
});
