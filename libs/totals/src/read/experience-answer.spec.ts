import fc from 'fast-check';
import { experienceInputArb } from '@pft/testing/oracle';
import { experienceAsOf } from '../domain/experience/experience';
import { sharedAnswer } from './experience-answer';

/**
 * The answer's JSON by its schema holds every field of the answer, as JSON.stringify writes it: a field
 * the schema lacked would be left out of what partners read, a type it named wrongly coerced.
 */
describe('experience answer JSON', () => {
  it('says what JSON.stringify says of the answer, for any logbook and as_of', () => {
    fc.assert(
      fc.property(experienceInputArb, ({ records, asOf, starting }) => {
        const shared = sharedAnswer(
          '3f6c2b9e-8d41-4a7f-9b2e-5c1d0a7e4f18',
          '2026-12-01T09:18:42.000Z',
          experienceAsOf(records, starting, asOf),
        );
        expect(JSON.parse(shared.json)).toEqual(JSON.parse(JSON.stringify(shared.answer)));
      }),
      { numRuns: 200 },
    );
  });
});
