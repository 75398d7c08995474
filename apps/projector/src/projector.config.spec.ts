import { loadConfig } from '@pft/platform';
import { ProjectorConfig } from './projector.config';

describe('ProjectorConfig', () => {
  it('bounds the longest wait between tries to start the consumer: 10 s by default, 1 s to 60 s', () => {
    expect(loadConfig(ProjectorConfig, {}).PROJECTOR_START_RETRY_MAX_MS).toBe(10000);
    expect(
      loadConfig(ProjectorConfig, { PROJECTOR_START_RETRY_MAX_MS: '2000' }).PROJECTOR_START_RETRY_MAX_MS,
    ).toBe(2000);
    expect(() => loadConfig(ProjectorConfig, { PROJECTOR_START_RETRY_MAX_MS: '999' })).toThrow(
      /PROJECTOR_START_RETRY_MAX_MS="999"/,
    );
    expect(() => loadConfig(ProjectorConfig, { PROJECTOR_START_RETRY_MAX_MS: '60001' })).toThrow(
      /PROJECTOR_START_RETRY_MAX_MS="60001"/,
    );
  });
});
