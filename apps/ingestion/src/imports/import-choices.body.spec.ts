import { ApiError } from '@pft/platform';
import { fixture, read } from '@pft/testing/import-fixtures';
import { refuseAircraftOutsideFile } from './import-choices.body';

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

describe('refuseAircraftOutsideFile: aircraft choices only for the aircraft of the file', () => {
  const myFlightbook = read(fixture('myflightbook.csv'));
  const known = myFlightbook.aircraft[0]!.source;

  it('accepts a choice for an aircraft of the file, and a body that chooses no aircraft', () => {
    expect(details(() => refuseAircraftOutsideFile({ aircraft: { [known]: {} } }, myFlightbook))).toBe(
      'accepted',
    );
    expect(details(() => refuseAircraftOutsideFile({ date_order: 'dmy' }, myFlightbook))).toBe('accepted');
  });

  it('names each source the file does not have', () => {
    expect(
      details(() => refuseAircraftOutsideFile({ aircraft: { [known]: {}, 'N-NONE': {} } }, myFlightbook)),
    ).toEqual([
      { field: 'aircraft.N-NONE', issue: 'not_in_file', message: 'names no aircraft of this file' },
    ]);
  });

  it('refuses every aircraft choice for a pft file, even for an aircraft it shows: its rows name their own', () => {
    const pft = read(fixture('pft.csv'));
    expect(pft.aircraft.map((a) => a.source)).toContain('D-EABC');
    expect(details(() => refuseAircraftOutsideFile({ aircraft: { 'D-EABC': {} } }, pft))).toEqual([
      {
        field: 'aircraft.D-EABC',
        issue: 'not_allowed',
        message: 'cannot be chosen: the rows of a pft file name their own aircraft',
      },
    ]);
  });
});
