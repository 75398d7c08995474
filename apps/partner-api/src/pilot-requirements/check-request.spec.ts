import { ApiError } from '@pft/platform';
import { type CheckRequest, parseCheckRequest } from './check-request';

const PILOT = '3f6c2b9e-8d41-4a7f-9b2e-5c1d0a7e4f18';
const TODAY = '2026-12-01';

const refusal = (body: Record<string, unknown>): ApiError => {
  try {
    parseCheckRequest(body, TODAY);
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('the body was taken');
};

describe('a requirement check’s body', () => {
  it('takes a pilot_id in any case, as_of today when absent, and keeps the requirements as sent', () => {
    const sent = [
      { at_least: 90000, metric: 'total_flight_time_minutes', id: 'tt' },
      { id: 'night_pax', currency: 'faa_61_57_b', group: 'airplane_sel' },
    ];
    const parsed: CheckRequest = parseCheckRequest(
      { pilot_id: PILOT.toUpperCase(), requirements: sent },
      TODAY,
    );
    expect(parsed.pilotId).toBe(PILOT);
    expect(parsed.asOf).toBe(TODAY);
    expect(parsed.sent).toBe(sent);
    expect(parsed.requirements.map((r) => [r.id, r.kind])).toEqual([
      ['tt', 'threshold'],
      ['night_pax', 'currency'],
    ]);
    expect(parseCheckRequest({ pilot_id: PILOT, as_of: '2026-06-30', requirements: sent }, TODAY).asOf).toBe(
      '2026-06-30',
    );
  });

  it('names every problem in details, at its path', () => {
    const error = refusal({
      pilot_id: 'nope',
      as_of: '2026-02-30',
      extra: true,
      requirements: [
        { id: 'a', metric: 'no_such_metric', at_least: 1 },
        { id: 'a', metric: 'pic_minutes', at_least: -1 },
        { id: 'c', currency: 'faa_61_57_b', group: 'helicopter_mel' },
      ],
    });
    expect(error.code).toBe('INVALID_REQUEST');
    expect(error.details?.map((d) => [d.field, d.issue])).toEqual([
      ['extra', 'unknown_field'],
      ['pilot_id', 'invalid_uuid'],
      ['as_of', 'invalid_format'],
      ['requirements[0].metric', 'invalid_value'],
      ['requirements[1].id', 'duplicate'],
      ['requirements[1].at_least', 'out_of_range'],
      ['requirements[2].group', 'invalid_value'],
    ]);
    expect(error.message).toBe('extra is not a known field');
  });

  it.each([
    [
      'no pilot_id',
      { requirements: [{ id: 'a', metric: 'pic_minutes', at_least: 1 }] },
      'pilot_id',
      'required',
    ],
    ['no requirements', { pilot_id: PILOT }, 'requirements', 'required'],
    ['no requirement', { pilot_id: PILOT, requirements: [] }, 'requirements', 'empty'],
    [
      '21 requirements',
      {
        pilot_id: PILOT,
        requirements: Array.from({ length: 21 }, (_, i) => ({
          id: `r${i}`,
          metric: 'pic_minutes',
          at_least: 1,
        })),
      },
      'requirements',
      'too_many',
    ],
    [
      'as_of after tomorrow',
      { pilot_id: PILOT, as_of: '2026-12-03', requirements: [] },
      'as_of',
      'out_of_range',
    ],
    ['as_of a number', { pilot_id: PILOT, as_of: 20261201, requirements: [] }, 'as_of', 'wrong_type'],
  ])('400 for %s', (_what, body, field, issue) => {
    expect(refusal(body).details).toEqual(
      expect.arrayContaining([expect.objectContaining({ field, issue })]),
    );
  });

  it('says what is wrong with as_of of the field, as the other details do', () => {
    const error = refusal({
      pilot_id: PILOT,
      as_of: '1903-12-16',
      requirements: [{ id: 'a', metric: 'pic_minutes', at_least: 1 }],
    });
    expect(error.message).toBe('as_of must be from 1903-12-17 to tomorrow (UTC), 2026-12-02');
  });
});
