"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.UnknownPartnerError = void 0;
exports.createPartner = createPartner;
exports.listPartners = listPartners;
exports.issueApiKey = issueApiKey;
exports.findApiKeyByPrefix = findApiKeyByPrefix;
exports.listApiKeys = listApiKeys;
exports.revokeApiKey = revokeApiKey;
exports.setApiKeyScopes = setApiKeyScopes;
exports.setApiKeyRateLimit = setApiKeyRateLimit;
const node_crypto_1 = require("node:crypto");
const domain_1 = require("../../../domain/src/index.js");
const api_key_hash_1 = require("./api-key-hash");
const API_KEY_COLUMNS = `key_id, prefix, secret_hash, partner_id, scopes, rate_limit, created_at, revoked_at,
  (select coalesce(p.sandbox_of, p.partner_id) from partners p where p.partner_id = api_keys.partner_id) as account_id`;
function toRecord(row) {
    return {
        keyId: row.key_id,
        prefix: row.prefix,
        secretHash: row.secret_hash,
        partnerId: row.partner_id,
        accountId: row.account_id,
        sandbox: (0, domain_1.isSandboxApiKey)(row.prefix),
        scopes: row.scopes,
        rateLimit: row.rate_limit,
        createdAt: row.created_at,
        revokedAt: row.revoked_at,
    };
}
async function createPartner(db, name) {
    const rows = (await db.query('insert into partners (partner_id, name) values ($1, $2) returning partner_id, name, created_at', [(0, node_crypto_1.randomUUID)(), name]));
    const row = rows[0];
    return { partnerId: row.partner_id, name: row.name, createdAt: row.created_at };
}
async function listPartners(db) {
    const rows = (await db.query('select partner_id, name, created_at from partners where sandbox_of is null order by created_at'));
    return rows.map((r) => ({ partnerId: r.partner_id, name: r.name, createdAt: r.created_at }));
}
/** A key was asked for a partner account that does not exist. */
class UnknownPartnerError extends Error {
    partnerId;
    constructor(partnerId) {
        super(`no partner account ${partnerId}; \`pft partners list\` shows them, \`pft partners create\` makes one`);
        this.partnerId = partnerId;
    }
}
exports.UnknownPartnerError = UnknownPartnerError;
/**
 * Creates a key; the key itself is in the answer and nowhere else, only its hash is stored.
 * Throws UnknownPartnerError, writing nothing, when the partner account does not exist.
 */
async function issueApiKey(db, request) {
    if (!(0, domain_1.isUuid)(request.partnerId))
        throw new UnknownPartnerError(request.partnerId);
    const owner = request.sandbox ? await sandboxAccountOf(db, request.partnerId) : request.partnerId;
    const key = (0, domain_1.generateApiKey)((n) => (0, node_crypto_1.randomBytes)(n), request.sandbox ? domain_1.SANDBOX_API_KEY_MARKER : domain_1.API_KEY_MARKER);
    const rows = (await db.query(`insert into api_keys (key_id, prefix, secret_hash, partner_id, scopes, rate_limit)
     select $1, $2, $3, p.partner_id, $5, $6 from partners p where p.partner_id = $4
     returning ${API_KEY_COLUMNS}`, [(0, node_crypto_1.randomUUID)(), (0, domain_1.apiKeyPrefix)(key), (0, api_key_hash_1.hashApiKey)(key), owner, request.scopes, request.rateLimit]));
    if (rows.length === 0)
        throw new UnknownPartnerError(request.partnerId);
    return { key, record: toRecord(rows[0]) };
}
/**
 * The sandbox account of a live partner account, made the first time it is asked for (concurrent
 * first asks make one). Throws UnknownPartnerError for an unknown account or a sandbox account.
 */
async function sandboxAccountOf(db, partnerId) {
    await db.query(`insert into partners (partner_id, name, sandbox_of)
     select $1, left(p.name, 189) || ' (sandbox)', p.partner_id from partners p
      where p.partner_id = $2 and p.sandbox_of is null
     on conflict (sandbox_of) do nothing`, [(0, node_crypto_1.randomUUID)(), partnerId]);
    const rows = (await db.query('select partner_id from partners where sandbox_of = $1', [partnerId]));
    if (!rows[0])
        throw new UnknownPartnerError(partnerId);
    return rows[0].partner_id;
}
/** The key with this public prefix, revoked or not; undefined when there is none. */
async function findApiKeyByPrefix(db, prefix) {
    const rows = (await db.query(`select ${API_KEY_COLUMNS} from api_keys where prefix = $1`, [
        prefix,
    ]));
    return rows[0] && toRecord(rows[0]);
}
async function listApiKeys(db, partnerId) {
    const rows = (await db.query(`select ${API_KEY_COLUMNS} from api_keys
      where $1::uuid is null or partner_id = $1::uuid
         or partner_id = (select partner_id from partners where sandbox_of = $1::uuid)
      order by created_at, prefix`, [partnerId ?? null]));
    return rows.map(toRecord);
}
/** Changes one key found by prefix; undefined when no such key exists. */
async function updateKey(db, prefix, set, value) {
    const result = await db.query(`update api_keys set ${set} where prefix = $1 returning ${API_KEY_COLUMNS}`, [
        prefix,
        value,
    ]);
    // TypeORM answers an UPDATE with [rows, count] and other statements with the rows alone.
    const rows = (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result);
    const row = rows[0];
    return row && toRecord(row);
}
/** Revokes a key; a key revoked earlier keeps its first revocation time. */
function revokeApiKey(db, prefix) {
    return updateKey(db, prefix, 'revoked_at = coalesce(revoked_at, $2::timestamptz)', new Date());
}
function setApiKeyScopes(db, prefix, scopes) {
    return updateKey(db, prefix, 'scopes = $2::text[]', scopes);
}
function setApiKeyRateLimit(db, prefix, rateLimit) {
    return updateKey(db, prefix, 'rate_limit = $2::int', rateLimit);
}
//# sourceMappingURL=api-keys.repository.js.map