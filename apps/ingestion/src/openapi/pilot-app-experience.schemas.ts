import { experienceAnswerSchema } from '@pft/contracts';
import { EXPERIENCE_EXAMPLE } from '@pft/totals';
import { type NamedSchema, timestamp } from './pilot-app.schemas';

const { as_of, ...experience } = EXPERIENCE_EXAMPLE;

export const OWN_EXPERIENCE: NamedSchema = {
  name: 'OwnExperience',
  schema: {
    ...experienceAnswerSchema({
      as_of: { type: 'string', format: 'date', description: 'The date the experience is as of' },
      last_updated: { ...timestamp, description: 'The time of the read: computed live from the write side' },
    }),
    description: 'The pilot’s experience as of a date: what a partner the pilot shares it with reads',
  },
  example: { as_of, last_updated: '2026-12-01T09:18:42.512Z', ...experience },
};
