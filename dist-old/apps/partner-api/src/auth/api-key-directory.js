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
exports.ApiKeyDirectory = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const platform_1 = require("../../../../libs/platform/src/index.js");
const api_keys_1 = require("../../../../libs/access/src/api-keys/index.js");
/**
 * Finds API keys by their public prefix. Lookups are kept in memory only while the keys revision in
 * Redis stands still (it is read with every rate count), and never longer than the configured time,
 * so a revocation or a change of scopes or limit is effective at the next request on every replica.
 */
let ApiKeyDirectory = class ApiKeyDirectory {
    dataSource;
    config;
    cache = new Map();
    /** The most recent revision any request saw. */
    latestRevision = null;
    constructor(dataSource, config) {
        this.dataSource = dataSource;
        this.config = config;
    }
    /** A remembered lookup whose hash matches `key`, to be confirmed with the revision of the next count. */
    remembered(prefix, key, now = Date.now()) {
        const entry = this.cache.get(prefix);
        if (!entry)
            return undefined;
        if (now - entry.loadedAt >= this.config.PARTNER_API_KEY_CACHE_MS) {
            this.cache.delete(prefix);
            return undefined;
        }
        if ((0, api_keys_1.sameApiKey)(key, entry.checkedKey))
            return entry;
        if (!(0, api_keys_1.apiKeyMatches)(key, entry.record.secretHash))
            return undefined;
        entry.checkedKey = key;
        return entry;
    }
    noteRevision(revision) {
        if (revision !== null)
            this.latestRevision = revision;
    }
    /** The revision to remember a lookup under if it is made now: the latest one seen before it. */
    revisionBeforeLookup() {
        return this.latestRevision;
    }
    /** Reads the key from the database; answers only a usable key (exists, not revoked, hash matches). */
    async lookUp(prefix, key) {
        const record = await (0, api_keys_1.findApiKeyByPrefix)(this.dataSource, prefix);
        if (!record || record.revokedAt !== null || !(0, api_keys_1.apiKeyMatches)(key, record.secretHash)) {
            this.cache.delete(prefix);
            return undefined;
        }
        return record;
    }
    /**
     * `lookedUpAt`: when the database read began. A lookup is reused for at most
     * PARTNER_API_KEY_CACHE_MS from then, so a change that committed after it is seen by every replica
     * within that time of its commit even when Redis could not be told (what `pft keys` waits for).
     */
    remember(record, key, revision, lookedUpAt) {
        if (this.config.PARTNER_API_KEY_CACHE_MS === 0)
            return;
        // Bounded: a flood of distinct valid keys cannot grow it past this.
        if (this.cache.size >= 10_000)
            this.cache.clear();
        this.cache.set(record.prefix, { record, revision, loadedAt: lookedUpAt, checkedKey: key });
    }
};
exports.ApiKeyDirectory = ApiKeyDirectory;
exports.ApiKeyDirectory = ApiKeyDirectory = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [typeorm_1.DataSource,
        platform_1.AppConfig])
], ApiKeyDirectory);
//# sourceMappingURL=api-key-directory.js.map