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
exports.IdempotencyInterceptor = void 0;
const common_1 = require("@nestjs/common");
const rxjs_1 = require("rxjs");
const platform_1 = require("../../../../libs/platform/src/index.js");
const idempotency_key_1 = require("./idempotency-key");
const idempotency_store_1 = require("./idempotency.store");
/** A claim that vanished between the failed insert and the read (released meanwhile) is tried again. */
const CLAIM_ATTEMPTS = 3;
/**
 * `Idempotency-Key` on every POST of the partner API, put on each route by `@PartnerWriteEndpoint()`, so it
 * runs after the key, rate limit, scope and body checks (an answer those give is never kept). The first
 * request under a key claims it in Postgres (one winner across replicas), is served, and its answer is
 * kept for 24 hours; the same request again gets that answer with `Idempotent-Replayed: true` and
 * nothing is done again. Requests of other methods pass through untouched.
 */
let IdempotencyInterceptor = class IdempotencyInterceptor {
    store;
    logger = new common_1.Logger('idempotency');
    constructor(store) {
        this.store = store;
    }
    intercept(context, next) {
        const request = (0, platform_1.httpRequestOf)(context);
        if (request.method !== 'POST')
            return next.handle();
        const header = (0, idempotency_key_1.readIdempotencyKey)(request.raw.rawHeaders);
        if (!header.present)
            return next.handle();
        if (!header.ok) {
            throw new platform_1.ApiError('INVALID_REQUEST', idempotency_key_1.IDEMPOTENCY_MESSAGES[header.issue], [
                { field: 'Idempotency-Key', issue: header.issue },
            ]);
        }
        const partnerId = request.callingPartner?.partnerId ?? request.partnerKey?.record.partnerId;
        // PartnerEndpoint puts the key guard before this; reaching here without a partner is our bug.
        if (!partnerId)
            throw new Error('IdempotencyInterceptor used on a route without PartnerKeyGuard');
        const reply = (0, platform_1.httpReplyOf)(context);
        const fingerprint = (0, idempotency_key_1.fingerprintOf)(request.method, request.url, (0, platform_1.receivedBodyBytes)(request));
        return (0, rxjs_1.defer)(() => this.serve(partnerId, header.key, fingerprint, request, reply, next));
    }
    async serve(partnerId, key, fingerprint, request, reply, next) {
        for (let attempt = 1;; attempt++) {
            const claim = await this.store.claim(partnerId, key, fingerprint, request.id);
            if (claim.claimed)
                return this.serveFirst(partnerId, key, request, reply, next);
            if (claim.earlier)
                return replay(claim.earlier, fingerprint, reply);
            if (attempt >= CLAIM_ATTEMPTS)
                throw inProgress();
        }
    }
    /** Serves the request that claimed the key, and keeps its answer unless it may be retried. */
    async serveFirst(partnerId, key, request, reply, next) {
        let data;
        try {
            data = await (0, rxjs_1.lastValueFrom)(next.handle(), { defaultValue: undefined });
        }
        catch (err) {
            const answer = (0, platform_1.toErrorResponse)(err, request);
            if ((0, idempotency_key_1.isReplayableStatus)(answer.status)) {
                const error = {
                    code: answer.code,
                    message: answer.message,
                    ...(answer.details?.length ? { details: answer.details } : {}),
                };
                await this.keep(partnerId, key, request.id, {
                    status: answer.status,
                    data: null,
                    error: JSON.stringify(error),
                });
            }
            else {
                await this.release(partnerId, key, request.id);
            }
            throw err;
        }
        await this.keep(partnerId, key, request.id, {
            status: reply.statusCode,
            data: dataJson(data),
            error: null,
        });
        return data;
    }
    /**
     * A failure to keep the answer does not change it: the work is done and the client is told so. The
     * key stays claimed (409 to a retry) until it is abandoned (ABANDONED_CLAIM_MS).
     */
    async keep(partnerId, key, requestId, answer) {
        try {
            await this.store.complete(partnerId, key, requestId, answer);
        }
        catch (err) {
            this.logger.error({ err, reqId: requestId }, 'could not keep the answer of an idempotent request');
        }
    }
    async release(partnerId, key, requestId) {
        try {
            await this.store.release(partnerId, key, requestId);
        }
        catch (err) {
            this.logger.warn({ err, reqId: requestId }, 'could not release an idempotency key');
        }
    }
};
exports.IdempotencyInterceptor = IdempotencyInterceptor;
exports.IdempotencyInterceptor = IdempotencyInterceptor = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [idempotency_store_1.IdempotencyStore])
], IdempotencyInterceptor);
function inProgress() {
    return new platform_1.ApiError('IDEMPOTENCY_CONFLICT', idempotency_key_1.IDEMPOTENCY_MESSAGES.inProgress, [
        { field: 'Idempotency-Key', issue: 'in_progress' },
    ]);
}
/** The earlier answer again, or 409 when the key was used otherwise or its request is still being served. */
function replay(earlier, fingerprint, reply) {
    if (!(0, idempotency_key_1.sameRequest)(earlier.fingerprint, fingerprint)) {
        throw new platform_1.ApiError('IDEMPOTENCY_CONFLICT', idempotency_key_1.IDEMPOTENCY_MESSAGES.reused, [
            { field: 'Idempotency-Key', issue: 'reused' },
        ]);
    }
    if (earlier.state === 'in_progress')
        throw inProgress();
    const { answer } = earlier;
    if (answer.error !== null) {
        const error = JSON.parse(answer.error);
        // Its status is the code's, as when it was first answered.
        throw new platform_1.ApiError(error.code, error.message, error.details, { [idempotency_key_1.IDEMPOTENT_REPLAYED_HEADER]: 'true' });
    }
    void reply.status(answer.status).header(idempotency_key_1.IDEMPOTENT_REPLAYED_HEADER, 'true');
    return new platform_1.SerializedJson(answer.data ?? 'null');
}
/** A handler's `data` as JSON text, however it was answered. */
function dataJson(data) {
    if (data instanceof platform_1.SerializedJson) {
        return typeof data.json === 'string' ? data.json : Buffer.concat(data.json).toString('utf8');
    }
    return JSON.stringify(data ?? null);
}
//# sourceMappingURL=idempotency.interceptor.js.map