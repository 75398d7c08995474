import { randomBytes, randomUUID } from 'node:crypto';
import {
  API_KEY_MARKER,
  apiKeyPrefix,
  generateApiKey,
  isSandboxApiKey,
  SANDBOX_API_KEY_MARKER,
} from '../domain/api-key';
import { isUuid } from '@pft/contracts';
import { type PartnerScope } from '../domain/scopes';
import { type Queryable as SqlQueryable } from '@pft/platform/database/queryable';
import { hashApiKey } from './api-key-hash';

export interface Partner {
  partnerId: string;
  name: string;
  createdAt: Date;
}

export interface ApiKeyRecord {
  keyId: string;
  prefix: string;
  secretHash: Buffer;
  /** The partner account whose data the key reaches: for a sandbox key, the account's sandbox. */
  partnerId: string;
  /** The partner account operators know the key by (the live one, for a sandbox key too). */
  accountId: string;
  /** A `pft_test_` key: it sees only sandbox pilots. */
  sandbox: boolean;
  scopes: string[];
  rateLimit: number;
  createdAt: Date;
  revokedAt: Date | null;
}

interface ApiKeyRow {
  key_id: string;
  prefix: string;
  secret_hash: Buffer;
  partner_id: string;
  account_id: string;
  scopes: string[];
  rate_limit: number;
  created_at: Date;
  revoked_at: Date | null;
}

const API_KEY_COLUMNS = `key_id, prefix, secret_hash, partner_id, scopes, rate_limit, created_at, revoked_at,
  (select coalesce(p.sandbox_of, p.partner_id) from partners p where p.partner_id = api_keys.partner_id) as account_id`;

function toRecord(row: ApiKeyRow): ApiKeyRecord {
  return {
    keyId: row.key_id,
    prefix: row.prefix,
    secretHash: row.secret_hash,
    partnerId: row.partner_id,
    accountId: row.account_id,
    sandbox: isSandboxApiKey(row.prefix),
    scopes: row.scopes,
    rateLimit: row.rate_limit,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

export async function createPartner(db: SqlQueryable, name: string): Promise<Partner> {
  const rows = (await db.query(
    'insert into partners (partner_id, name) values ($1, $2) returning partner_id, name, created_at',
    [randomUUID(), name],
  )) as { partner_id: string; name: string; created_at: Date }[];
  const row = rows[0]!;
  return { partnerId: row.partner_id, name: row.name, createdAt: row.created_at };
}

export async function listPartners(db: SqlQueryable): Promise<Partner[]> {
  const rows = (await db.query(
    'select partner_id, name, created_at from partners where sandbox_of is null order by created_at',
  )) as {
    partner_id: string;
    name: string;
    created_at: Date;
  }[];
  return rows.map((r) => ({ partnerId: r.partner_id, name: r.name, createdAt: r.created_at }));
}

export interface IssueApiKey {
  partnerId: string;
  scopes: readonly PartnerScope[];
  rateLimit: number;
  /** A `pft_test_` key of the partner's sandbox (made with the first such key) rather than a live key. */
  sandbox?: boolean;
}

/** A key was asked for a partner account that does not exist. */
export class UnknownPartnerError extends Error {
  constructor(readonly partnerId: string) {
    super(
      `no partner account ${partnerId}; \`pft partners list\` shows them, \`pft partners create\` makes one`,
    );
  }
}

/**
 * Creates a key; the key itself is in the answer and nowhere else, only its hash is stored.
 * Throws UnknownPartnerError, writing nothing, when the partner account does not exist.
 */
export async function issueApiKey(
  db: SqlQueryable,
  request: IssueApiKey,
): Promise<{ key: string; record: ApiKeyRecord }> {
  if (!isUuid(request.partnerId)) throw new UnknownPartnerError(request.partnerId);
  const owner = request.sandbox ? await sandboxAccountOf(db, request.partnerId) : request.partnerId;
  const key = generateApiKey(
    (n) => randomBytes(n),
    request.sandbox ? SANDBOX_API_KEY_MARKER : API_KEY_MARKER,
  );
  const rows = (await db.query(
    `insert into api_keys (key_id, prefix, secret_hash, partner_id, scopes, rate_limit)
     select $1, $2, $3, p.partner_id, $5, $6 from partners p where p.partner_id = $4
     returning ${API_KEY_COLUMNS}`,
    [randomUUID(), apiKeyPrefix(key), hashApiKey(key), owner, request.scopes, request.rateLimit],
  )) as ApiKeyRow[];
  if (rows.length === 0) throw new UnknownPartnerError(request.partnerId);
  return { key, record: toRecord(rows[0]!) };
}

/**
 * The sandbox account of a live partner account, made the first time it is asked for (concurrent
 * first asks make one). Throws UnknownPartnerError for an unknown account or a sandbox account.
 */
async function sandboxAccountOf(db: SqlQueryable, partnerId: string): Promise<string> {
  await db.query(
    `insert into partners (partner_id, name, sandbox_of)
     select $1, left(p.name, 189) || ' (sandbox)', p.partner_id from partners p
      where p.partner_id = $2 and p.sandbox_of is null
     on conflict (sandbox_of) do nothing`,
    [randomUUID(), partnerId],
  );
  const rows = (await db.query('select partner_id from partners where sandbox_of = $1', [partnerId])) as {
    partner_id: string;
  }[];
  if (!rows[0]) throw new UnknownPartnerError(partnerId);
  return rows[0].partner_id;
}

/** The key with this public prefix, revoked or not; undefined when there is none. */
export async function findApiKeyByPrefix(
  db: SqlQueryable,
  prefix: string,
): Promise<ApiKeyRecord | undefined> {
  const rows = (await db.query(`select ${API_KEY_COLUMNS} from api_keys where prefix = $1`, [
    prefix,
  ])) as ApiKeyRow[];
  return rows[0] && toRecord(rows[0]);
}

export async function listApiKeys(db: SqlQueryable, partnerId?: string): Promise<ApiKeyRecord[]> {
  const rows = (await db.query(
    `select ${API_KEY_COLUMNS} from api_keys
      where $1::uuid is null or partner_id = $1::uuid
         or partner_id = (select partner_id from partners where sandbox_of = $1::uuid)
      order by created_at, prefix`,
    [partnerId ?? null],
  )) as ApiKeyRow[];
  return rows.map(toRecord);
}

/** Changes one key found by prefix; undefined when no such key exists. */
async function updateKey(
  db: SqlQueryable,
  prefix: string,
  set: string,
  value: unknown,
): Promise<ApiKeyRecord | undefined> {
  const result = await db.query(`update api_keys set ${set} where prefix = $1 returning ${API_KEY_COLUMNS}`, [
    prefix,
    value,
  ]);
  // TypeORM answers an UPDATE with [rows, count] and other statements with the rows alone.
  const rows = (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as ApiKeyRow[];
  const row = rows[0];
  return row && toRecord(row);
}

/** Revokes a key; a key revoked earlier keeps its first revocation time. */
export function revokeApiKey(db: SqlQueryable, prefix: string): Promise<ApiKeyRecord | undefined> {
  return updateKey(db, prefix, 'revoked_at = coalesce(revoked_at, $2::timestamptz)', new Date());
}

export function setApiKeyScopes(
  db: SqlQueryable,
  prefix: string,
  scopes: readonly PartnerScope[],
): Promise<ApiKeyRecord | undefined> {
  return updateKey(db, prefix, 'scopes = $2::text[]', scopes);
}

export function setApiKeyRateLimit(
  db: SqlQueryable,
  prefix: string,
  rateLimit: number,
): Promise<ApiKeyRecord | undefined> {
  return updateKey(db, prefix, 'rate_limit = $2::int', rateLimit);
}
