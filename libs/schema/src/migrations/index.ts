import { EventStore1763800000000 } from './1763800000000-event-store';
import { Projections1763800200000 } from './1763800200000-projections';
import { ActiveViewVersions1763800400000 } from './1763800400000-active-view-versions';
import { OutboxWithoutForeignKey1763800600000 } from './1763800600000-outbox-without-foreign-key';
import { LiveAnswers1763800900000 } from './1763800900000-live-answers';
import { RelayLeases1763801100000 } from './1763801100000-relay-leases';
import { OutboxInFlight1763801300000 } from './1763801300000-outbox-in-flight';
import { ConnectionsByPartner1763801500000 } from './1763801500000-connections-by-partner';
import { IdempotencyKeys1763801700000 } from './1763801700000-idempotency-keys';
import { Sandbox1763803000000 } from './1763803000000-sandbox';
import { Webhooks1763803500000 } from './1763803500000-webhooks';
import { AccessHistory1763804000000 } from './1763804000000-access-history';
import { PilotDataKeys1763804500000 } from './1763804500000-pilot-data-keys';
import { PartnerReadsByDay1763805300000 } from './1763805300000-partner-reads-by-day';
import { PilotExperience1763806000000 } from './1763806000000-pilot-experience';
import { ExperienceSharing1763806200000 } from './1763806200000-experience-sharing';
import { PartnerReadsKind1763806400000 } from './1763806400000-partner-reads-kind';
import { PendingImports1763806600000 } from './1763806600000-pending-imports';
import { ExperienceFromFlights1763806800000 } from './1763806800000-experience-from-flights';
import { RequirementChecks1763806900000 } from './1763806900000-requirement-checks';
import { ExperienceYearsAsBytes1763807000000 } from './1763807000000-experience-years-as-bytes';
import { ExperienceGroupsAsText1763807200000 } from './1763807200000-experience-groups-as-text';
import { ExperienceFlightsView1763807400000 } from './1763807400000-experience-flights-view';
import { RequirementChecksByRow1763807600000 } from './1763807600000-requirement-checks-by-row';
import { WebhookEarlierSecrets1763807800000 } from './1763807800000-webhook-earlier-secrets';
import { StreamLockInAppend1763808000000 } from './1763808000000-stream-lock-in-append';
import { GroupNumbersAsIntegers1763808200000 } from './1763808200000-group-numbers-as-integers';
import { YearSumsPast32Bits1763808400000 } from './1763808400000-year-sums-past-32-bits';
import { DaySumsAsBigint1763808600000 } from './1763808600000-day-sums-as-bigint';
import { WebhookLinkReads1763809000000 } from './1763809000000-webhook-link-reads';
import { WebhookIntakeMarks1763809400000 } from './1763809400000-webhook-intake-marks';
import { ProjectionGroups1763809700000 } from './1763809700000-projection-groups';
import { OffsetsPastEnd1763809900000 } from './1763809900000-offsets-past-end';
import { SharingStatedAt1763810100000 } from './1763810100000-sharing-stated-at';
import { RequirementLists1763810300000 } from './1763810300000-requirement-lists';

/** Every migration, oldest first. Listed by hand so the same list works from sources and from the build. */
export const MIGRATIONS = [
  EventStore1763800000000,
  Projections1763800200000,
  ActiveViewVersions1763800400000,
  OutboxWithoutForeignKey1763800600000,
  LiveAnswers1763800900000,
  RelayLeases1763801100000,
  OutboxInFlight1763801300000,
  ConnectionsByPartner1763801500000,
  IdempotencyKeys1763801700000,
  Sandbox1763803000000,
  Webhooks1763803500000,
  AccessHistory1763804000000,
  PilotDataKeys1763804500000,
  PartnerReadsByDay1763805300000,
  PilotExperience1763806000000,
  ExperienceSharing1763806200000,
  PartnerReadsKind1763806400000,
  PendingImports1763806600000,
  ExperienceFromFlights1763806800000,
  RequirementChecks1763806900000,
  ExperienceYearsAsBytes1763807000000,
  ExperienceGroupsAsText1763807200000,
  ExperienceFlightsView1763807400000,
  RequirementChecksByRow1763807600000,
  WebhookEarlierSecrets1763807800000,
  StreamLockInAppend1763808000000,
  GroupNumbersAsIntegers1763808200000,
  YearSumsPast32Bits1763808400000,
  DaySumsAsBigint1763808600000,
  WebhookLinkReads1763809000000,
  WebhookIntakeMarks1763809400000,
  ProjectionGroups1763809700000,
  OffsetsPastEnd1763809900000,
  SharingStatedAt1763810100000,
  RequirementLists1763810300000,
];
