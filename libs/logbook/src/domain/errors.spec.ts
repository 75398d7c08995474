import { LogbookRejected } from './errors';

describe('LogbookRejected', () => {
  it('carries the rejection as its code, message and details', () => {
    const error = new LogbookRejected({
      rejected: 'CONFLICT',
      message: 'some flight ids were already recorded differently',
      details: [
        { field: 'flights[0].flight_id', issue: 'conflict', message: 'was already recorded differently' },
      ],
    });
    expect(error).toMatchObject({
      code: 'CONFLICT',
      message: 'some flight ids were already recorded differently',
      details: [
        { field: 'flights[0].flight_id', issue: 'conflict', message: 'was already recorded differently' },
      ],
    });
  });

  it('points an invalid command at its fields, if only with none', () => {
    expect(new LogbookRejected({ rejected: 'INVALID_REQUEST', message: 'no' }).details).toEqual([]);
    expect(
      new LogbookRejected({ rejected: 'FLIGHT_NOT_FOUND', message: 'no such flight' }).details,
    ).toBeUndefined();
  });
});
