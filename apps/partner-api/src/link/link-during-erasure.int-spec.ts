import { randomBytes, randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { type DataSource } from 'typeorm';
import { hashLinkingCode } from '@pft/partners/connections/linking-code-hash';
import { createPartner } from '@pft/partners';
import { formatLinkingCode, LINKING_CODE_RANDOM_BYTES, PartnerRefused } from '@pft/partners/domain';
import { PartnerReadRevision } from '@pft/totals';
import { uniqueRedisPrefix, withTestDataSource } from '@pft/testing';
import { IdempotencyStore } from '../idempotency/idempotency.store';
import { type PartnerApiConfig } from '../partner-api.config';
import { LinkPilotCommand } from './link-pilot.command';
import { LinkPilotHandler } from './link-pilot.handler';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** `POST /v1/link` on a real Postgres and Redis, for a pilot who has asked for the account's erasure. */
describe('LinkPilotHandler (Postgres): a code of a pilot whose erasure is asked for', () => {
  let ds: DataSource;
  let redis: Redis;
  withTestDataSource(2, (made) => (ds = made));
  beforeAll(() => {
    redis = new Redis(REDIS_URL, { lazyConnect: true });
  });
  afterAll(() => redis.quit());

  const handler = (): LinkPilotHandler =>
    new LinkPilotHandler(
      ds,
      { DATABASE_QUERY_TIMEOUT_MS: 5000 } as PartnerApiConfig,
      new IdempotencyStore(ds),
      new PartnerReadRevision(redis, {
        PARTNER_REDIS_PREFIX: uniqueRedisPrefix(),
        PARTNER_TOTALS_CACHE_MS: 1000,
      }),
    );

  /** A code the pilot was given, unused and unexpired. */
  async function issuedCode(pilot: string): Promise<string> {
    const code = formatLinkingCode(randomBytes(LINKING_CODE_RANDOM_BYTES));
    await ds.query(
      `insert into linking_codes (code_hash, pilot_account_id, issued_at, expires_at, share_experience)
       values ($1, $2, now(), now() + interval '10 minutes', false)`,
      [hashLinkingCode(code), pilot],
    );
    return code;
  }

  const link = (partnerId: string, code: string) =>
    handler().execute(new LinkPilotCommand(partnerId, code, `req_${randomUUID()}`, undefined));

  const connectionsOf = async (pilot: string): Promise<number> => {
    const [row] = await ds.query<{ n: number }[]>(
      'select count(*)::int as n from connections where pilot_account_id = $1',
      [pilot],
    );
    return row!.n;
  };

  it('is refused INVALID_TOKEN as any code that no longer links, and nothing links', async () => {
    const { partnerId } = await createPartner(ds, 'Erasure Air');
    const pilot = randomUUID();
    const code = await issuedCode(pilot);
    // DELETE /pilot/v1/account has committed; its worker has not deleted the codes yet.
    await ds.query('insert into account_erasures (pilot_account_id) values ($1)', [pilot]);

    const refused = await link(partnerId, code).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(PartnerRefused);
    expect((refused as PartnerRefused).code).toBe('INVALID_TOKEN');
    expect(await connectionsOf(pilot)).toBe(0);
  });

  it('links as before once that erasure has completed, for a code the account started again was given', async () => {
    const { partnerId } = await createPartner(ds, 'Erasure Air');
    const pilot = randomUUID();
    await ds.query('insert into account_erasures (pilot_account_id, completed_at) values ($1, now())', [
      pilot,
    ]);
    const code = await issuedCode(pilot);

    const { pilot_id: pilotId } = await link(partnerId, code);
    expect(pilotId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await connectionsOf(pilot)).toBe(1);
  });
});
