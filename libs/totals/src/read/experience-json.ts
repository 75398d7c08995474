import fastJson from 'fast-json-stringify';
import { experienceAnswerSchema } from '@pft/contracts';
import { type PilotExperienceAnswer } from './live-experience';

const text = { type: 'string' } as const;

/**
 * A partner's experience answer as JSON, by its schema (fast-json-stringify, as the totals answer is:
 * several times faster than JSON.stringify on an answer of this size), made once per answer read and
 * kept with it. The answer's fields are all in the schema; the unit test holds the two to each other.
 */
export const experienceAnswerJson: (answer: PilotExperienceAnswer) => string = fastJson(
  experienceAnswerSchema({ pilot_id: text, as_of: text, last_updated: text }),
);
