export { AccessHistory, AccessHistoryModule } from './access-history/access-history.module';
export { firstDayOf, forgetReadsBefore } from './access-history/partner-reads-retention';
export {
  addPartnerReads,
  connectionHistoryOf,
  partnerNames,
  partnerReadsOf,
} from './access-history/partner-reads.statements';
export type {
  ConnectionHistoryRow,
  ConnectionReads,
  PartnerReadsRow,
  ReadKind,
} from './access-history/partner-reads.statements';
export {
  forgetPilotRequirementChecks,
  forgetRequirementChecksBefore,
  forgetRequirementListsBefore,
  isListGone,
  RECORD_REQUIREMENT_CHECKS,
  recordRequirementCheck,
  recordRequirementChecks,
  requirementChecksOf,
  requirementListId,
} from './access-history/requirement-checks.statements';
export type {
  CheckRecorded,
  CheckToRecord,
  RecordedCheck,
  RequirementCheckEntry,
  RequirementChecksRow,
} from './access-history/requirement-checks.statements';
export { apiKeyMatches, hashApiKey, sameApiKey } from './api-keys/api-key-hash';
export { announceApiKeyChange, apiKeysRevisionKey } from './api-keys/api-keys-revision';
export {
  UnknownPartnerError,
  createPartner,
  findApiKeyByPrefix,
  issueApiKey,
  listApiKeys,
  listPartners,
  revokeApiKey,
  setApiKeyRateLimit,
  setApiKeyScopes,
} from './api-keys/api-keys.repository';
export type { ApiKeyRecord, Partner } from './api-keys/api-keys.repository';
export { PARTNERS_ERRORS } from './error-codes';
export {
  endConnection,
  experienceSharingOf,
  setExperienceSharing,
} from './connections/connections.statements';
export { PARTNER_REDIS_CONFIG, WithPartnerRedisPrefix } from './partner-redis-variables';
