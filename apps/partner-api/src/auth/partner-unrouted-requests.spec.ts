import { type FastifyReply, type FastifyRequest } from 'fastify';
import { ApiError } from '@pft/platform';
import { type FailedAuthentications } from '@pft/partners/rate-limits/failed-authentications';
import { type IdempotentRefusals } from '../idempotency/idempotent-refusals';
import { type WindowCounter } from '../rate-limit/window-counter';
import { PartnerRateLimitGuard } from '../rate-limit/partner-rate-limit.guard';
import { type PartnerApiConfig } from '../partner-api.config';
import { type ApiKeyDirectory } from './api-key-directory';
import { PartnerKeyGuard } from './partner-key.guard';
import { type AuthenticatedKey } from './partner-request';
import { PartnerUnroutedRequests } from './partner-unrouted-requests';

const WELL_FORMED_UNKNOWN_KEY = `pft_live_${'X'.repeat(32)}`;

/** The key guard with no key in the directory, and failed authentications noted per address. */
function setUp(found?: AuthenticatedKey) {
  const failures: string[] = [];
  const directory = {
    remembered: () => undefined,
    lookUp: () => Promise.resolve(undefined),
  } as unknown as ApiKeyDirectory;
  const counter = {} as WindowCounter;
  const failed = {
    refuse: (_subject: string, address: string, _limit: number, unauthorized: () => ApiError) => {
      failures.push(address);
      return Promise.reject(unauthorized());
    },
  } as unknown as FailedAuthentications;
  const keys = new PartnerKeyGuard(directory, counter, failed, {
    PARTNER_AUTH_FAILURES_PER_MINUTE: 30,
  } as PartnerApiConfig);
  if (found) jest.spyOn(keys, 'authenticate').mockResolvedValue(found);
  const headers: Record<string, string> = {};
  const reply = {
    headers: (more: Record<string, string>) => Object.assign(headers, more),
  } as unknown as FastifyReply;
  const refusals = { claimUnrouted: () => Promise.resolve() } as unknown as IdempotentRefusals;
  return {
    check: new PartnerUnroutedRequests(keys, new PartnerRateLimitGuard(), refusals),
    failures,
    headers,
    reply,
  };
}

const request = (authorization?: string, url = '/v1/no-such-endpoint'): FastifyRequest =>
  ({
    ip: '203.0.113.7',
    url,
    headers: authorization === undefined ? {} : { authorization },
  }) as FastifyRequest;

describe('PartnerUnroutedRequests', () => {
  it.each([
    ['no Authorization header', undefined],
    ['a malformed key', 'Bearer not-a-key'],
    ['a well-formed key that does not exist', `Bearer ${WELL_FORMED_UNKNOWN_KEY}`],
  ])(
    'answers a request with %s 401 UNAUTHORIZED before its path, counted as a failed authentication',
    async (_, authorization) => {
      const { check, failures, reply } = setUp();
      const refused = await check.checkUnrouted(request(authorization), reply).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(refused).toBeInstanceOf(ApiError);
      expect(refused).toMatchObject({ code: 'UNAUTHORIZED', headers: { 'WWW-Authenticate': 'Bearer' } });
      expect(failures).toEqual(['203.0.113.7']);
    },
  );

  it.each(['/v1', '/v1?pilot_id=x', '/v1/pilot-totals/batch/more'])(
    'takes %s for a path of the API: 401 without a key',
    async (url) => {
      const { check, failures, reply } = setUp();
      await expect(check.checkUnrouted(request(undefined, url), reply)).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
      });
      expect(failures).toEqual(['203.0.113.7']);
    },
  );

  it.each(['/metrics', '/v2/pilot-totals', '/v10/pilot-totals', '/'])(
    'leaves %s, none of the API paths, to its 404 or 405 for anyone: no key looked at, nothing counted',
    async (url) => {
      const { check, failures, headers, reply } = setUp();
      await expect(check.checkUnrouted(request(undefined, url), reply)).resolves.toBeUndefined();
      await expect(
        check.checkUnrouted(request(`Bearer ${WELL_FORMED_UNKNOWN_KEY}`, url), reply),
      ).resolves.toBeUndefined();
      expect(failures).toEqual([]);
      expect(headers).toEqual({});
    },
  );

  it("lets a valid key's request on to its 404 or 405 with the rate limit headers", async () => {
    const found = {
      record: { rateLimit: 5 },
      hit: { window: { id: 1, resetSeconds: 30 }, count: 2, keysRevision: '1', readRevision: '1' },
    } as unknown as AuthenticatedKey;
    const { check, failures, headers, reply } = setUp(found);
    await expect(check.checkUnrouted(request('Bearer any'), reply)).resolves.toBeUndefined();
    expect(headers).toMatchObject({ 'RateLimit-Limit': '5', 'RateLimit-Remaining': '3' });
    expect(failures).toEqual([]);
  });
});
