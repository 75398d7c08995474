export {
  PilotTotalsConsumer,
  foldConcurrency,
  type ProjectionLogger,
} from './projection/pilot-totals.consumer';
export { deletePilotProjection } from './projection/pilot-totals.erasure';
export {
  defaultRebuildMembers,
  RebuildInterruptedError,
  type RebuildMember,
  rebuildPilotTotals,
} from './projection/projection-rebuild';
export { RebuildRunningError } from './projection/projection-rebuild-lock';
export { sweepProjectionGroups } from './projection/projection-rebuild-groups';
export { readProjectionStatus } from './projection/projection-status';
export { TopicIncompleteError } from './projection/topic-beginning';
export { OFFSET_PAST_TOPIC_END, OffsetsPastEndError } from './projection/offsets-past-end';
export type { ProjectionStatus } from './projection/projection-status';
export { PILOT_TOTALS_PROJECTION } from './projection/projection-tables';
export { readProjectionVersions } from './projection/projection-versions';
export {
  PartnerReadRevision,
  PartnerReadsModule,
  announcePartnerReadChange,
  partnerReadRevisionKey,
} from './read/partner-read-revision';
export { PARTNER_READS_CONFIG, WithPartnerReads } from './read/partner-reads-variables';
export { PilotTotalsReadModel, PilotTotalsReadModule, readPilotTotals } from './read/pilot-totals.read-model';
export {
  MAX_EXPERIENCE_PILOTS,
  readPilotExperience,
  readPilotExperiences,
} from './read/pilot-experience.read';
export type { ProjectedExperience } from './read/pilot-experience.read';
export { PilotExperienceReadModel } from './read/pilot-experience.read-model';
export type { ExperienceLookup, PilotExperienceAnswer, SharedExperience } from './read/experience-answer';
export { PilotTotalsView } from './read/pilot-totals.view';
export { MAX_REMEMBERED_BATCHES } from './read/remembered-batches';
export { RENEW_AFTER_SHARE } from './read/totals-memory';
export { AsOfPipe } from './read/as-of.pipe';
export { EXPERIENCE_EXAMPLE } from './read/experience-example';
