import fc from 'fast-check';
import fastJson from 'fast-json-stringify';
import { experienceAnswerSchema } from '@pft/contracts';
import { experienceInputArb } from '@pft/testing/oracle';
import { experienceAsOf } from '../domain/experience/experience';
import { type PilotExperienceAnswer, sharedAnswer } from './experience-answer';

const text = { type: 'string' } as const;
/** The answer's schema as a serializer: its fields, in their order, and no others. */
const bySchema: (answer: PilotExperienceAnswer) => string = fastJson(
  experienceAnswerSchema({ pilot_id: text, as_of: text, last_updated: text }),
);

/**
 * The answer's JSON is what its schema writes, byte for byte: every field the schema names, in its order
 * (that of `pilot-experience.md` 4), of the type it names, and no field it lacks.
 */
describe('experience answer JSON', () => {
  it('is what the schema writes of the answer, for any logbook and as_of', () => {
    fc.assert(
      fc.property(experienceInputArb, ({ records, asOf, starting }) => {
        const shared = sharedAnswer(
          '3f6c2b9e-8d41-4a7f-9b2e-5c1d0a7e4f18',
          '2026-12-01T09:18:42.000Z',
          experienceAsOf(records, starting, asOf),
        );
        expect(shared.json).toBe(bySchema(shared.answer));
      }),
      { numRuns: 200 },
    );
  });
});
