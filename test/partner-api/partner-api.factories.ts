import { randomBytes, randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { type DataSource } from 'typeorm';
import {
  DEFAULT_PARTNER_SCOPES,
  formatLinkingCode,
  normalizeLinkingCode,
  type PartnerScope,
} from '@pft/partners/domain';
import { announceApiKeyChange, createPartner, issueApiKey, revokeApiKey } from '@pft/partners';
import { hashLinkingCode } from '@pft/partners/connections/linking-code-hash';

export interface TestPartner {
  partnerId: string;
  key: string;
  prefix: string;
}

/** A partner account with one key. */
export async function partnerWithKey(
  db: DataSource,
  options: { scopes?: readonly PartnerScope[]; rateLimit?: number; name?: string } = {},
): Promise<TestPartner> {
  const partner = await createPartner(db, options.name ?? `Partner ${randomUUID().slice(0, 8)}`);
  return keyFor(db, partner.partnerId, options);
}

/** Another key of an existing partner account. */
export async function keyFor(
  db: DataSource,
  partnerId: string,
  options: { scopes?: readonly PartnerScope[]; rateLimit?: number; sandbox?: boolean } = {},
): Promise<TestPartner> {
  const { key, record } = await issueApiKey(db, {
    partnerId,
    scopes: options.scopes ?? DEFAULT_PARTNER_SCOPES,
    rateLimit: options.rateLimit ?? 1000,
    ...(options.sandbox ? { sandbox: true } : {}),
  });
  return { partnerId, key, prefix: record.prefix };
}

export async function revoke(
  db: DataSource,
  redis: Redis,
  redisPrefix: string,
  prefix: string,
): Promise<void> {
  await revokeApiKey(db, prefix);
  await announceApiKeyChange(redis, redisPrefix);
}

/**
 * A linking code for a pilot, stored as the pilot app stores it (hash of the normalized code).
 * `expiresInMs` negative makes an expired one.
 */
export async function linkingCode(
  db: DataSource,
  pilotAccountId: string = randomUUID(),
  expiresInMs = 600_000,
): Promise<{ code: string; pilotAccountId: string }> {
  const code = formatLinkingCode(randomBytes(10));
  await db.query(
    `insert into linking_codes (code_hash, pilot_account_id, issued_at, expires_at)
     values ($1, $2, now(), now() + $3 * interval '1 millisecond')`,
    [hashLinkingCode(normalizeLinkingCode(code)!), pilotAccountId, expiresInMs],
  );
  return { code, pilotAccountId };
}

/**
 * A connection of a pilot to the partner, made directly in `connections` as a link makes it; its
 * connection id is the partner's `pilot_id`. `linkedAt`: an SQL expression (`now()` unless given).
 */
export async function connection(
  db: DataSource,
  partnerId: string,
  linkedAt = 'now()',
): Promise<{ pilotId: string; linkedAt: Date }> {
  const pilotId = randomUUID();
  const [row] = await db.query<{ linked_at: Date }[]>(
    `insert into connections (connection_id, partner_id, pilot_account_id, linked_at)
     values ($1, $2, $3, ${linkedAt}) returning linked_at`,
    [pilotId, partnerId, randomUUID()],
  );
  return { pilotId, linkedAt: row!.linked_at };
}

/** A sandbox (`pft_test_`) key of an existing partner account. */
export function sandboxKeyFor(
  db: DataSource,
  partnerId: string,
  options: { scopes?: readonly PartnerScope[]; rateLimit?: number } = {},
): Promise<TestPartner> {
  return keyFor(db, partnerId, { ...options, sandbox: true });
}
