/// <reference types="jest" />
import { ApiError, failure, whenSignedOut } from './client';

describe('an answer that no longer accepts the pilot token', () => {
  const removeItem = jest.fn();
  beforeAll(() => {
    Object.defineProperty(globalThis, 'sessionStorage', { value: { removeItem }, configurable: true });
  });
  afterAll(() => {
    Reflect.deleteProperty(globalThis, 'sessionStorage');
  });

  const signedOut = (status: number, body: object): ApiError | undefined => {
    let shown: ApiError | undefined;
    whenSignedOut((error) => (shown = error));
    failure(status, 'header-id', body);
    return shown;
  };

  it('signs out with plain words and the code and request id of the answer (401)', () => {
    const shown = signedOut(401, {
      error: { code: 'UNAUTHORIZED', message: 'The bearer token is not valid' },
      meta: { request_id: 'req-401' },
    });
    expect(shown).toBeInstanceOf(ApiError);
    expect({ ...shown, message: shown?.message }).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Your session has expired or was not accepted. Please sign in again.',
      requestId: 'req-401',
      details: [],
    });
    expect(removeItem).toHaveBeenCalled();
  });

  it('says the account was erased, with the code ACCOUNT_ERASED and the request id of the header', () => {
    const shown = signedOut(410, {
      error: { code: 'ACCOUNT_ERASED', message: 'The account is being erased' },
    });
    expect([shown?.code, shown?.message, shown?.requestId]).toEqual([
      'ACCOUNT_ERASED',
      'This account has been erased.',
      'header-id',
    ]);
  });

  it('keeps the pilot signed in for any other error', () => {
    expect(signedOut(410, { error: { code: 'IMPORT_GONE' } })).toBeUndefined();
    expect(signedOut(403, { error: { code: 'FORBIDDEN' } })).toBeUndefined();
  });
});
