/// <reference types="jest" />
import { ApiError } from './client';
import { inHoursMinutes, shownError } from './shown-error';

describe('what a form shows of a failed request', () => {
  const onForm = (path: string): string | undefined => ({ 'minutes.pic': 'pic', 'minutes.sic': 'sic' })[path];
  const refused = (details: ApiError['details']) =>
    new ApiError(400, 'INVALID_REQUEST', 'The request is not valid', 'req-1', details);
  const shown = (banner: unknown) => {
    const error = banner as ApiError;
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      requestId: error.requestId,
      details: error.details,
    };
  };

  it('shows the banner with the code and request id even when every detail is beside its field', () => {
    const { banner, fields } = shownError(
      refused([{ field: 'minutes.pic', issue: 'exceeds_total', message: 'must be at most the total' }]),
      onForm,
    );
    expect(banner).toBeInstanceOf(ApiError);
    expect(shown(banner)).toEqual({
      status: 400,
      code: 'INVALID_REQUEST',
      message: 'The request is not valid',
      requestId: 'req-1',
      details: [],
    });
    expect(fields).toEqual({ pic: 'must be at most the total' });
  });

  it('lists in the banner the details of fields the form does not show, and joins two of one field', () => {
    const outside = [
      {
        field: 'rating_breakdown.glider',
        issue: 'unknown_rating',
        message: 'is not a key of the rating catalog',
      },
      { field: '(body)', issue: 'wrong_type', message: 'must be a JSON object' },
    ];
    const { banner, fields } = shownError(
      refused([
        outside[0]!,
        { field: 'minutes.sic', issue: 'out_of_range', message: 'must be at most 1440' },
        { field: 'minutes.sic', issue: 'exceeds_total', message: 'must be at most the total' },
        outside[1]!,
      ]),
      onForm,
    );
    expect(shown(banner).details).toEqual(outside);
    expect(fields).toEqual({ sic: 'must be at most 1440; must be at most the total' });
  });

  it('shows an error with no details, or one that is no API error, in the banner alone', () => {
    const conflict = new ApiError(409, 'CONFLICT', 'Changed meanwhile', 'req-2');
    expect(shown(shownError(conflict, onForm).banner)).toEqual(shown(conflict));
    const local = new Error('That is not a pilot token.');
    expect(shownError(local, onForm)).toEqual({ banner: local, fields: {} });
  });
});

const onTimeForm = (path: string): string | undefined => (path === 'minutes.sic' ? 'sic' : undefined);

describe('what a form says beside a field typed in hours:minutes', () => {
  const detail = (issue: string, message: string) => ({ field: 'totals.pic_minutes', issue, message });

  it('gives the bounds of a time out of range in hours:minutes', () => {
    expect(inHoursMinutes(detail('out_of_range', 'must be from 0 to 6000000'))).toBe(
      'must be at most 100000:00',
    );
    expect(inHoursMinutes(detail('out_of_range', 'must be from 30 to 1440'))).toBe(
      'must be from 0:30 to 24:00',
    );
  });

  it('keeps the API’s words for any other detail', () => {
    for (const [issue, message] of [
      ['exceeds_total', 'must be at most total_flight_time'],
      ['wrong_type', 'must be a whole number'],
      ['out_of_range', 'must be from 2026-01-01 to 2026-12-31'],
    ])
      expect(inHoursMinutes(detail(issue!, message!))).toBe(message);
  });

  it('says beside a field what the form tells, and leaves the banner the API’s words', () => {
    const refused = new ApiError(400, 'INVALID_REQUEST', 'minutes.sic must be from 0 to 1440', 'req-3', [
      { field: 'minutes.sic', issue: 'out_of_range', message: 'must be from 0 to 1440' },
      { field: 'minutes.total', issue: 'out_of_range', message: 'must be from 0 to 1440' },
    ]);
    const { banner, fields } = shownError(refused, onTimeForm, (d, field) =>
      field === 'sic' ? inHoursMinutes(d) : d.message,
    );
    expect(fields).toEqual({ sic: 'must be at most 24:00' });
    expect((banner as ApiError).message).toBe('minutes.sic must be from 0 to 1440');
    expect((banner as ApiError).details).toEqual([refused.details[1]]);
  });
});
