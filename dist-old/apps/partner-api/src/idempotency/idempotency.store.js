"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.IdempotencyStore = exports.ABANDONED_CLAIM_MS = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const rows_of_1 = require("../../../../libs/platform/src/database/rows-of.js");
const idempotency_key_1 = require("./idempotency-key");
/**
 * A claim left in progress this long is taken to belong to a request that will never finish (its
 * replica died): the key may then be claimed again. Far longer than any request is served
 * (statements time out within seconds).
 */
exports.ABANDONED_CLAIM_MS = 5 * 60 * 1000;
/** Expired keys are deleted at most this often per replica, a bounded number at a time. */
const CLEANUP_EVERY_MS = 60 * 1000;
const CLEANUP_BATCH = 1000;
/**
 * The `idempotency_keys` table. A claim is one insert that only one of concurrent requests wins, on any
 * replica; only the claiming request (by its request id) completes or releases it.
 */
let IdempotencyStore = class IdempotencyStore {
    dataSource;
    logger = new common_1.Logger('idempotency');
    lastCleanup = 0;
    constructor(dataSource) {
        this.dataSource = dataSource;
    }
    /**
     * Claims `key` for this request: true when it was free, expired or abandoned. Otherwise the earlier
     * use, or undefined when that vanished meanwhile (released): the caller tries again.
     */
    async claim(partnerId, key, fingerprint, requestId) {
        const claimed = (0, rows_of_1.rowsOf)(await this.dataSource.query(`insert into idempotency_keys as k
           (partner_id, idempotency_key, method, path, body_sha256, request_id, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6, now(), now() + $7 * interval '1 millisecond')
         on conflict (partner_id, idempotency_key) do update
           set method = excluded.method, path = excluded.path, body_sha256 = excluded.body_sha256,
               request_id = excluded.request_id, created_at = excluded.created_at,
               expires_at = excluded.expires_at, completed_at = null, response_status = null,
               response_data = null, response_error = null
           where k.expires_at <= now()
              or (k.completed_at is null and k.created_at <= now() - $8 * interval '1 millisecond')
         returning 1`, [
            partnerId,
            key,
            fingerprint.method,
            fingerprint.path,
            fingerprint.bodySha256,
            requestId,
            idempotency_key_1.IDEMPOTENCY_KEY_RETENTION_MS,
            exports.ABANDONED_CLAIM_MS,
        ]));
        if (claimed.length > 0) {
            this.cleanUpNowAndThen();
            return { claimed: true };
        }
        return { claimed: false, earlier: await this.earlierUse(partnerId, key) };
    }
    async earlierUse(partnerId, key) {
        const [row] = (0, rows_of_1.rowsOf)(await this.dataSource.query(`select method, path, body_sha256, completed_at, response_status, response_data, response_error
           from idempotency_keys where partner_id = $1 and idempotency_key = $2 and expires_at > now()`, [partnerId, key]));
        if (!row)
            return undefined;
        const fingerprint = { method: row.method, path: row.path, bodySha256: row.body_sha256 };
        if (row.completed_at === null || row.response_status === null)
            return { state: 'in_progress', fingerprint };
        return {
            state: 'completed',
            fingerprint,
            answer: { status: row.response_status, data: row.response_data, error: row.response_error },
        };
    }
    /** Keeps the first answer under the key this request claimed. */
    async complete(partnerId, key, requestId, answer) {
        await this.dataSource.query(`update idempotency_keys
          set completed_at = now(), response_status = $4, response_data = $5, response_error = $6
        where partner_id = $1 and idempotency_key = $2 and request_id = $3 and completed_at is null`, [partnerId, key, requestId, answer.status, answer.data, answer.error]);
    }
    /** Frees the key this request claimed, when its answer is not kept: the client may try again. */
    async release(partnerId, key, requestId) {
        await this.dataSource.query(`delete from idempotency_keys
        where partner_id = $1 and idempotency_key = $2 and request_id = $3 and completed_at is null`, [partnerId, key, requestId]);
    }
    /** Deletes expired keys, a bounded batch; answers how many. */
    async deleteExpired(limit = CLEANUP_BATCH) {
        const result = await this.dataSource.query(`delete from idempotency_keys where ctid = any(array(
         select ctid from idempotency_keys where expires_at <= now() limit $1))`, [limit]);
        // TypeORM answers a delete with [rows, affected count].
        const [, deleted] = result;
        return deleted;
    }
    /** After a claim, at most once a minute per replica, in the background: no request waits for it. */
    cleanUpNowAndThen(now = Date.now()) {
        if (now - this.lastCleanup < CLEANUP_EVERY_MS)
            return;
        this.lastCleanup = now;
        this.deleteExpired().catch((err) => this.logger.warn({ err }, 'could not delete expired idempotency keys'));
    }
};
exports.IdempotencyStore = IdempotencyStore;
exports.IdempotencyStore = IdempotencyStore = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [typeorm_1.DataSource])
], IdempotencyStore);
//# sourceMappingURL=idempotency.store.js.map