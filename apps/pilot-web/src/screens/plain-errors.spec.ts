/// <reference types="jest" />
import { ApiError } from '../api/client';
import { accessHistoryError, connectionError } from './plain-errors';

/** What the banner shows of an error: its words and, for an API error, its code, request id and details. */
const shown = (error: unknown) =>
  error instanceof ApiError
    ? {
        message: error.message,
        status: error.status,
        code: error.code,
        requestId: error.requestId,
        details: error.details,
      }
    : error;

describe('the Partners screen: a change to a connection that fails', () => {
  it('says in plain words that the connection had already ended, with the code and request id of the answer', () => {
    const ended = new ApiError(404, 'CONNECTION_NOT_FOUND', 'no such connection', 'req-404');
    const said = connectionError(ended);
    expect(said).toBeInstanceOf(ApiError);
    expect(shown(said)).toEqual({
      message: 'That connection had already ended.',
      status: 404,
      code: 'CONNECTION_NOT_FOUND',
      requestId: 'req-404',
      details: [],
    });
  });

  it('shows any other error as it is', () => {
    const busy = new ApiError(503, 'WRITE_OUTCOME_UNKNOWN', 'try again', 'req-503');
    expect(connectionError(busy)).toBe(busy);
    const local = new Error('offline');
    expect(connectionError(local)).toBe(local);
  });
});

describe('the Access history screen: its request fails', () => {
  it('says in plain words that the service has no access history, with the code and request id of its 404', () => {
    const unknown = new ApiError(404, 'NOT_FOUND', 'No such resource', 'req-404');
    const said = accessHistoryError(unknown);
    expect(said).toBeInstanceOf(ApiError);
    expect(shown(said)).toEqual({
      message: 'The access history is not available on this service yet.',
      status: 404,
      code: 'NOT_FOUND',
      requestId: 'req-404',
      details: [],
    });
  });

  it('shows any other error as it is', () => {
    const refused = new ApiError(400, 'INVALID_REQUEST', 'days must be from 1 to 365', 'req-400');
    expect(accessHistoryError(refused)).toBe(refused);
  });
});
