import { loadConfig } from '@pft/platform';
import { WebhooksConfig } from '../webhooks.config';
import { intakeConsumerOptions } from './intake-consumer-options';

describe('the intake consumer options', () => {
  it('keep the session of 30 s and heartbeats every 3 s by default', () => {
    const config = loadConfig(WebhooksConfig, {});
    expect(config.WEBHOOK_SESSION_TIMEOUT_MS).toBe(30000);
    expect(intakeConsumerOptions('pilot-events', config.WEBHOOK_SESSION_TIMEOUT_MS)).toEqual({
      groupId: 'pft-webhooks-pilot-events',
      sessionTimeoutMs: 30000,
      heartbeatIntervalMs: 3000,
      maxWaitTimeMs: 200,
    });
  });

  it('take WEBHOOK_SESSION_TIMEOUT_MS, heartbeating every tenth of a shorter session', () => {
    const config = loadConfig(WebhooksConfig, { WEBHOOK_SESSION_TIMEOUT_MS: '6000' });
    expect(intakeConsumerOptions('t', config.WEBHOOK_SESSION_TIMEOUT_MS)).toMatchObject({
      sessionTimeoutMs: 6000,
      heartbeatIntervalMs: 600,
    });
    expect(intakeConsumerOptions('t', 120000)).toMatchObject({ heartbeatIntervalMs: 3000 });
  });

  it("refuse a session shorter than the broker's least (6000) or longer than 5 minutes", () => {
    expect(() => loadConfig(WebhooksConfig, { WEBHOOK_SESSION_TIMEOUT_MS: '5999' })).toThrow(
      /WEBHOOK_SESSION_TIMEOUT_MS="5999"/,
    );
    expect(() => loadConfig(WebhooksConfig, { WEBHOOK_SESSION_TIMEOUT_MS: '300001' })).toThrow(
      /WEBHOOK_SESSION_TIMEOUT_MS="300001"/,
    );
  });
});
