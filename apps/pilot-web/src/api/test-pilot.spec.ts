/// <reference types="jest" />
import { ApiError } from './client';
import { makeTestPilot, testPilotError } from './test-pilot';

/** What the error banner shows of an error: its words, and the code and request id when the service answered. */
const shown = (error: ApiError) => ({
  message: error.message,
  status: error.status,
  code: error.code,
  requestId: error.requestId,
});

describe('Sign in as a test pilot, when no test pilot could be made', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the code and request id the service answered, not one of its own', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({
          error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred' },
          meta: { request_id: 'req_5f2c' },
        }),
        { status: 500, headers: { 'X-Request-Id': 'req_5f2c' } },
      ),
    );
    const error = await makeTestPilot().catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ApiError);
    expect(shown(error as ApiError)).toEqual({
      message: 'A test pilot could not be made.',
      status: 500,
      code: 'INTERNAL_ERROR',
      requestId: 'req_5f2c',
    });
  });

  it('says the status of an answer without an error body, with the request id of its header', () => {
    expect(shown(testPilotError({ status: 502, headerRequestId: 'req_hdr', body: {} }))).toEqual({
      message: 'A test pilot could not be made.',
      status: 502,
      code: 'HTTP_502',
      requestId: 'req_hdr',
    });
  });

  it('says, as every screen does, that the service could not be reached when it did not answer', async () => {
    jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const error = (await makeTestPilot().catch((err: unknown) => err)) as ApiError;
    expect(shown(error)).toEqual({
      message: 'The service could not be reached. Check the connection and try again.',
      status: 0,
      code: 'NETWORK',
      requestId: undefined,
    });
  });

  it('gives the token of the new pilot when one was made', async () => {
    jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(JSON.stringify({ data: { token: 'eyJ.a.b', pilot_account_id: 'p' } }), { status: 201 }),
      );
    await expect(makeTestPilot()).resolves.toBe('eyJ.a.b');
  });
});
