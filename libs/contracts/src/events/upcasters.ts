import { CURRENT_EVENT_VERSION, type PilotEventType } from './pilot-events';

/**
 * Lifts a stored payload of an older version to the next one. Keyed `Type@fromVersion`. When a
 * payload changes, add its new version to CURRENT_EVENT_VERSION and EVENT_PAYLOAD_SCHEMAS, and an
 * entry here that reads the old one.
 */
export type Upcaster = (payload: unknown) => unknown;

/**
 * Version 2 of a flight only adds optional fields (type designator, engine, features, takeoffs,
 * full-stop landings, approaches, holds): a version 1 flight is a version 2 flight without them, and
 * reads as if they were absent. Nothing is added, so the stored record stays as it was sent.
 */
const flightWithoutRicherFields: Upcaster = (payload) => payload;

/**
 * Version 2 of a linking code and of a link says whether experience is shared. Before it existed nothing
 * but the lifetime totals was shared: a version 1 code or link shares no experience.
 */
const sharingNoExperience: Upcaster = (payload) => ({
  ...(payload as Record<string, unknown>),
  share_experience: false,
});

export const UPCASTERS: Partial<Record<`${PilotEventType}@${number}`, Upcaster>> = {
  'FlightRecorded@1': flightWithoutRicherFields,
  'FlightAmended@1': flightWithoutRicherFields,
  'LinkingCodeIssued@1': sharingNoExperience,
  'PilotLinked@1': sharingNoExperience,
};

/** Lifts `payload` from `version` to the current version of `type`; throws when a step is missing. */
export function upcast(
  type: PilotEventType,
  version: number,
  payload: unknown,
): { version: number; payload: unknown } {
  const target = CURRENT_EVENT_VERSION[type];
  let current = { version, payload };
  while (current.version < target) {
    const step = UPCASTERS[`${type}@${current.version}`];
    if (!step) throw new Error(`no upcaster for ${type} version ${current.version}`);
    current = { version: current.version + 1, payload: step(current.payload) };
  }
  if (current.version > target) throw new Error(`${type} version ${version} is newer than this reader knows`);
  return current;
}
