"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.IdempotencyKeys1763801700000 = void 0;
/**
 * The partner API's `Idempotency-Key`s, per partner account: a row is claimed (in progress) before the
 * request is served, by an insert that only one of concurrent requests wins on any replica, and then
 * holds the first answer (`response_status` and the JSON of its `data` or `error`, as text so that a
 * replay is the same bytes) until `expires_at`, 24 hours on. `request_id` is the claiming request's:
 * only it may complete or release its claim.
 */
class IdempotencyKeys1763801700000 {
    name = 'IdempotencyKeys1763801700000';
    async up(q) {
        await q.query(`
      create table idempotency_keys (
        partner_id       uuid not null,
        idempotency_key  text not null,
        method           text not null,
        path             text not null,
        body_sha256      bytea not null,
        request_id       text not null,
        created_at       timestamptz not null,
        expires_at       timestamptz not null,
        completed_at     timestamptz,
        response_status  smallint,
        response_data    text,
        response_error   text,
        primary key (partner_id, idempotency_key)
      )`);
        await q.query('create index idempotency_keys_by_expiry on idempotency_keys (expires_at)');
    }
    async down(q) {
        await q.query('drop table if exists idempotency_keys');
    }
}
exports.IdempotencyKeys1763801700000 = IdempotencyKeys1763801700000;
//# sourceMappingURL=1763801700000-idempotency-keys.js.map