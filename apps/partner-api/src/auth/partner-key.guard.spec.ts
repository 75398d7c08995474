import { hashApiKey } from '@pft/partners';
import { apiKeyPrefix } from '@pft/partners/domain';
import { type FastifyRequest } from 'fastify';
import { type DataSource } from 'typeorm';
import { type FailedAuthentications } from '@pft/partners/rate-limits/failed-authentications';
import { type WindowCounter, type WindowHit } from '../rate-limit/window-counter';
import { type PartnerApiConfig } from '../partner-api.config';
import { ApiKeyDirectory } from './api-key-directory';
import { PartnerKeyGuard } from './partner-key.guard';

const KEY = 'pft_live_AbCdEfGhIjKlMnOpQrStUvWxYz012345';

/** The key's row as the api_keys query gives it, revoked or not. */
const row = (revokedAt: Date | null) => ({
  key_id: 'k1',
  prefix: apiKeyPrefix(KEY),
  secret_hash: hashApiKey(KEY),
  partner_id: 'p1',
  account_id: 'p1',
  scopes: ['pilot-totals'],
  rate_limit: 100,
  created_at: new Date(0),
  revoked_at: revokedAt,
});

/** Each query of the key answered when the test says, as it stands then. */
class HeldQueries {
  readonly held: ((rows: unknown[]) => void)[] = [];
  readonly dataSource = {
    query: () => new Promise<unknown[]>((resolve) => this.held.push(resolve)),
  } as unknown as DataSource;

  /** Answers the next query, once it is asked; false when none is asked (the work went on without). */
  async answer(rows: unknown[]): Promise<boolean> {
    for (let turns = 0; this.held.length === 0; turns++) {
      if (turns === 100) return false;
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.held.shift()!(rows);
    return true;
  }
}

function guardWith(queries: HeldQueries, revision: () => string | null) {
  const directory = new ApiKeyDirectory(queries.dataSource, {
    PARTNER_API_KEY_CACHE_MS: 60_000,
  } as PartnerApiConfig);
  const counter = {
    hit: (): Promise<WindowHit> =>
      Promise.resolve({
        window: { id: 1, resetSeconds: 30 },
        count: 1,
        keysRevision: revision(),
        readRevision: null,
      }),
  } as unknown as WindowCounter;
  const guard = new PartnerKeyGuard(
    directory,
    counter,
    {} as FailedAuthentications,
    {
      PARTNER_AUTH_FAILURES_PER_MINUTE: 30,
    } as PartnerApiConfig,
  );
  return { guard, directory };
}

const request = { id: 'req_1', headers: { authorization: `Bearer ${KEY}` } } as unknown as FastifyRequest;

describe('PartnerKeyGuard, a key read from the database', () => {
  it('reads the key again when a key changed after its read began: a key revoked before the request came is refused', async () => {
    const queries = new HeldQueries();
    let revision = 'r1';
    const { guard, directory } = guardWith(queries, () => revision);
    directory.noteRevision('r1');
    // The read began before the revocation; its answer comes after the revocation was announced (r2).
    const authenticated = guard.authenticate(request);
    revision = 'r2';
    expect(await queries.answer([row(null)])).toBe(true);
    expect(await queries.answer([row(new Date())])).toBe(true);
    await expect(authenticated).resolves.toBeUndefined();
  });

  it('reads the key once while no key changes', async () => {
    const queries = new HeldQueries();
    const { guard, directory } = guardWith(queries, () => 'r1');
    directory.noteRevision('r1');
    const authenticated = guard.authenticate(request);
    expect(await queries.answer([row(null)])).toBe(true);
    await expect(authenticated).resolves.toMatchObject({ record: { keyId: 'k1' } });
    expect(queries.held).toHaveLength(0);
  });
});
