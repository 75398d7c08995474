import { ApiError } from '@pft/platform';
import { fixture, read } from '@pft/testing/import-fixtures';
import { mergeChoices, refuseChoicesTheFileCannotTake } from './import-choices.body';

/** The details of the 400 INVALID_REQUEST `run` throws, or 'accepted'. */
const details = (run: () => void): unknown => {
  try {
    run();
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== 'INVALID_REQUEST') throw err;
    return err.details;
  }
  return 'accepted';
};

describe('refuseChoicesTheFileCannotTake: only choices that change how the file is read', () => {
  const myFlightbook = read(fixture('myflightbook.csv'));
  const known = myFlightbook.aircraft[0]!.source;

  it('accepts a choice for an aircraft of the file, and a body that chooses no aircraft', () => {
    expect(details(() => refuseChoicesTheFileCannotTake({ aircraft: { [known]: {} } }, myFlightbook))).toBe(
      'accepted',
    );
    expect(details(() => refuseChoicesTheFileCannotTake({ date_order: 'dmy' }, myFlightbook))).toBe(
      'accepted',
    );
  });

  it('names each source the file does not have', () => {
    expect(
      details(() =>
        refuseChoicesTheFileCannotTake({ aircraft: { [known]: {}, 'N-NONE': {} } }, myFlightbook),
      ),
    ).toEqual([
      { field: 'aircraft.N-NONE', issue: 'not_in_file', message: 'names no aircraft of this file' },
    ]);
  });

  it('refuses every aircraft choice for a pft file, even for an aircraft it shows: its rows name their own', () => {
    const pft = read(fixture('pft.csv'));
    expect(pft.aircraft.map((a) => a.source)).toContain('D-EABC');
    expect(details(() => refuseChoicesTheFileCannotTake({ aircraft: { 'D-EABC': {} } }, pft))).toEqual([
      {
        field: 'aircraft.D-EABC',
        issue: 'not_allowed',
        message: 'cannot be chosen: the rows of a pft file name their own aircraft',
      },
    ]);
  });

  it('refuses a column mapping, date order or time unit the format fixes, and takes those it leaves open', () => {
    const foreflight = read(fixture('foreflight-current.csv'));
    expect(
      details(() =>
        refuseChoicesTheFileCannotTake(
          { columns: { date: 'Date' }, date_order: 'dmy', time_unit: 'minutes' },
          foreflight,
        ),
      ),
    ).toEqual([
      {
        field: 'columns',
        issue: 'not_allowed',
        message: 'cannot be chosen: the columns of a foreflight file are read by their names',
      },
      {
        field: 'date_order',
        issue: 'not_allowed',
        message: 'cannot be chosen: the dates of a foreflight file are YYYY-MM-DD',
      },
      {
        field: 'time_unit',
        issue: 'not_allowed',
        message:
          'cannot be chosen: the times of a foreflight file are read as decimal hours or H:MM, as each cell shows',
      },
    ]);
    expect(
      details(() => refuseChoicesTheFileCannotTake({ time_unit: 'minutes' }, myFlightbook)),
    ).toMatchObject([{ field: 'time_unit', issue: 'not_allowed' }]);
    const columns = read(fixture('columns-logten.tsv'));
    expect(columns.format).toBe('columns');
    expect(
      details(() =>
        refuseChoicesTheFileCannotTake(
          { columns: { date: 'Date' }, date_order: 'dmy', time_unit: 'minutes' },
          columns,
        ),
      ),
    ).toBe('accepted');
  });
});

describe('mergeChoices: the choices checked, then merged into the earlier ones', () => {
  it('refuses a column mapped to a field that is not a column of the logbook CSV, and merges the rest', () => {
    expect(
      details(() => mergeChoices({}, { columns: { date: 'Day', foo: 'Date', flight_id: 'Id' } })),
    ).toEqual([
      expect.objectContaining({ field: 'columns.foo', issue: 'unknown_field' }),
      expect.objectContaining({ field: 'columns.flight_id', issue: 'unknown_field' }),
    ]);
    expect(mergeChoices({ columns: { date: 'Day' } }, { columns: { total_flight_time: 'Hours' } })).toEqual({
      columns: { date: 'Day', total_flight_time: 'Hours' },
    });
    // null: the field is in no column of the file.
    expect(mergeChoices({ columns: { date: 'Day' } }, { columns: { remarks: null } })).toEqual({
      columns: { date: 'Day', remarks: null },
    });
    expect(details(() => mergeChoices({}, { columns: { remarks: '' } }))).toMatchObject([
      { field: 'columns.remarks', issue: 'wrong_type' },
    ]);
  });

  it('refuses a rating key the rating catalog does not have, and one on an aircraft that is not an airplane', () => {
    expect(
      details(() =>
        mergeChoices(
          {},
          {
            aircraft: {
              N1: { category: 'airplane', rating_key: 'sep_lnd' },
              N2: { category: 'helicopter', rating_key: 'sep_land' },
              N3: { category: 'airplane', rating_key: 'mep_land' },
            },
          },
        ),
      ),
    ).toEqual([
      {
        field: 'aircraft.N1.rating_key',
        issue: 'unknown_rating',
        message: 'is not a key of the rating catalog',
      },
      {
        field: 'aircraft.N2.rating_key',
        issue: 'not_allowed',
        message: 'must be absent: only an airplane has a rating',
      },
    ]);
  });
});
