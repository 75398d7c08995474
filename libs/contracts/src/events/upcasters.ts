import { CURRENT_EVENT_VERSION, type PilotEventType } from './pilot-events';

/**
 * Lifts a stored payload of an older version to the next one. Keyed `Type@fromVersion`.
 * Every event is at version 1 today, so the table is empty; when a payload changes, add its
 * new version to CURRENT_EVENT_VERSION and EVENT_PAYLOAD_SCHEMAS, and an entry here that reads the old one.
 */
export type Upcaster = (payload: unknown) => unknown;
export const UPCASTERS: Partial<Record<`${PilotEventType}@${number}`, Upcaster>> = {};

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
