import fastJson from 'fast-json-stringify';
import { experienceAnswerSchema } from '@pft/contracts';
import { type Experience } from '../domain/experience/experience';

const text = { type: 'string' } as const;

/**
 * A partner's experience answer as JSON, by its schema (fast-json-stringify, as the totals answer is:
 * several times faster than JSON.stringify on an answer of this size), made once per answer read and
 * kept with it. The answer's fields are all in the schema; the unit test holds the two to each other.
 */
export const experienceAnswerJson: (answer: PilotExperienceAnswer) => string = fastJson(
  experienceAnswerSchema({ pilot_id: text, as_of: text, last_updated: text }),
);

/** What a partner may read of one `pilot_id`: not linked to it, linked without sharing, or the answer. */
export type ExperienceLookup = { state: 'not_linked' } | { state: 'not_shared' } | SharedExperience;

/** An answer a partner may read, with its JSON (experienceAnswerJson). */
export interface SharedExperience {
  state: 'shared';
  answer: PilotExperienceAnswer;
  json: string;
}

/** `data` of GET /v1/pilot-experience (and each entry of the batch). */
export interface PilotExperienceAnswer extends Experience {
  pilot_id: string;
  last_updated: string;
}

/** The answer, its fields in the order of `pilot-experience.md` 4, and its JSON. */
export function sharedAnswer(pilotId: string, lastUpdated: string, experience: Experience): SharedExperience {
  const { as_of, ...rest } = experience;
  const answer = { pilot_id: pilotId, as_of, last_updated: lastUpdated, ...rest };
  return { state: 'shared', answer, json: experienceAnswerJson(answer) };
}
