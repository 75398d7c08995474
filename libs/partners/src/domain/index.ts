export { apiKeyPrefix, bearerApiKey } from './api-key';
export {
  PARTNERS_ERRORS,
  PartnerRefused,
  experienceNotShared,
  invalidLinkingToken,
  pilotNotLinked,
  scopeMissing,
} from './errors';
export { LINKING_CODE_RANDOM_BYTES, formatLinkingCode, normalizeLinkingCode } from './linking-code';
export { MAX_BATCH_PILOT_IDS, parsePilotId, parsePilotIdList } from './pilot-ids';
export type { PilotIdIssue, PilotIdListParse } from './pilot-ids';
export {
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  RATE_WINDOW_SECONDS,
  RETRY_AFTER_SECONDS,
  decideRate,
  rateLimitHeaders,
  rateWindowAt,
} from './rate-window';
export type { RateWindow } from './rate-window';
export { MAX_REQUIREMENT_CHECKS_PER_DAY, secondsToNextUtcMidnight } from './requirement-check-limit';
export {
  SANDBOX_CURRENT_FIXTURE,
  SANDBOX_FIXTURE_NUMBERS,
  SANDBOX_INVALID_CODE,
  sandboxFixture,
  sandboxFixtureOfCode,
} from './sandbox/fixture-pilots';
export type { SandboxFixture, SandboxFixtureNumber } from './sandbox/fixture-pilots';
export { SANDBOX_REQUIREMENTS_EXAMPLE } from './sandbox/requirements-example';
export { decideExperienceSharing, sharedData } from './sharing';
export type { SharedData, SharingConnection } from './sharing';
export { DEFAULT_PARTNER_SCOPES, PARTNER_SCOPES, parseScopes, scopeAllows } from './scopes';
export type { PartnerScope, RequiredScopes } from './scopes';
