import type { Response } from 'supertest';

const REQUEST_ID = /^req_[0-9A-HJKMNP-TV-Z]{26}$/;

/** The envelope's meta and the X-Request-Id header, the same id in both. */
export function expectMeta(res: Response): void {
  const body = res.body as { meta?: { api_version?: string; request_id?: string } };
  expect(body.meta?.api_version).toBe('v1');
  expect(body.meta?.request_id).toMatch(REQUEST_ID);
  expect(res.headers['x-request-id']).toBe(body.meta?.request_id);
}

/** An error answer of the contract: status, code, envelope, and no internals in the body. */
export function expectError(res: Response, status: number, code: string): void {
  expect({ status: res.status, code: (res.body as { error?: { code?: string } }).error?.code }).toEqual({
    status,
    code,
  });
  expectMeta(res);
  const error = (res.body as { error: Record<string, unknown> }).error;
  expect(Object.keys(error).every((k) => ['code', 'message', 'details'].includes(k))).toBe(true);
  expect(typeof error.message).toBe('string');
  expect(res.text).not.toMatch(/\bat .+\.(ts|js):\d+|select |insert |update |QueryFailedError|typeorm/i);
}

export const bearer = (key: string): Record<string, string> => ({ Authorization: `Bearer ${key}` });
