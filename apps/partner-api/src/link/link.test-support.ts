import { randomBytes, randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { type DataSource } from 'typeorm';
import { hashLinkingCode } from '@pft/partners/connections/linking-code-hash';
import { formatLinkingCode, LINKING_CODE_RANDOM_BYTES } from '@pft/partners/domain';
import { PartnerReadRevision } from '@pft/totals';
import { IdempotencyStore } from '../idempotency/idempotency.store';
import { type PartnerApiConfig } from '../partner-api.config';
import { LinkPilotCommand } from './link-pilot.command';
import { LinkPilotHandler } from './link-pilot.handler';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** `POST /v1/link`'s handler on the test's Postgres and the real Redis, as the partner API wires it. */
export interface LinkGround {
  /** Redeems `code` for the partner: the pilot_id, or the refusal thrown. */
  link(partnerId: string, code: string): Promise<string>;
  /** A code of `pilot` issued `minutesAgo` minutes ago by the database's clock, unused and unexpired. */
  issuedCode(pilot: string, options?: { shareExperience?: boolean; minutesAgo?: number }): Promise<string>;
  close(): Promise<void>;
}

/** `redisPrefix`: the test's own (uniqueRedisPrefix), for the partner read revision a withdrawal moves on. */
export function linkGround(ds: DataSource, redisPrefix: string): LinkGround {
  const redis = new Redis(REDIS_URL, { lazyConnect: true });
  const handler = new LinkPilotHandler(
    ds,
    { DATABASE_QUERY_TIMEOUT_MS: 5000 } as PartnerApiConfig,
    new IdempotencyStore(ds),
    new PartnerReadRevision(redis, {
      PARTNER_REDIS_PREFIX: redisPrefix,
      PARTNER_TOTALS_CACHE_MS: 1000,
    }),
  );
  return {
    link: async (partnerId, code) =>
      (await handler.execute(new LinkPilotCommand(partnerId, code, `req_${randomUUID()}`))).pilot_id,
    issuedCode: async (pilot, { shareExperience = false, minutesAgo = 0 } = {}) => {
      const code = formatLinkingCode(randomBytes(LINKING_CODE_RANDOM_BYTES));
      await ds.query(
        `insert into linking_codes (code_hash, pilot_account_id, issued_at, expires_at, share_experience)
         select $1, $2, t, t + interval '10 minutes', $4
           from (select now() - make_interval(mins => $3) as t) issued`,
        [hashLinkingCode(code), pilot, minutesAgo, shareExperience],
      );
      return code;
    },
    close: async () => {
      await redis.quit();
    },
  };
}
