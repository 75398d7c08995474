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
exports.IssueLinkingCodeHandler = void 0;
const node_crypto_1 = require("node:crypto");
const cqrs_1 = require("@nestjs/cqrs");
const contracts_1 = require("../../../../../libs/contracts/src/index.js");
const domain_1 = require("../../../../../libs/domain/src/index.js");
const event_store_1 = require("../../../../../libs/event-store/src/index.js");
const platform_1 = require("../../../../../libs/platform/src/index.js");
const linking_code_hash_1 = require("../../../../../libs/access/src/consent/linking-code-hash.js");
const consent_decide_1 = require("../consent.decide");
const consent_rejection_1 = require("../consent-rejection");
const consent_repository_1 = require("../consent.repository");
const issue_linking_code_command_1 = require("./issue-linking-code.command");
let IssueLinkingCodeHandler = class IssueLinkingCodeHandler {
    pipeline;
    consent;
    config;
    constructor(pipeline, consent, config) {
        this.pipeline = pipeline;
        this.consent = consent;
        this.config = config;
    }
    async execute({ pilot, requestId }) {
        const code = (0, domain_1.formatLinkingCode)((0, node_crypto_1.randomBytes)(domain_1.LINKING_CODE_RANDOM_BYTES));
        const hash = (0, linking_code_hash_1.hashLinkingCode)(code);
        const now = new Date();
        const expiresAt = new Date(now.getTime() + this.config.LINKING_CODE_TTL_SECONDS * 1000);
        await this.pipeline.handle({
            streamId: (0, contracts_1.consentStreamId)(pilot),
            metadata: { request_id: requestId },
            load: (tx) => this.consent.openLinkingCodes(tx, pilot, now),
            decide: (open) => {
                const decision = (0, consent_decide_1.decideIssueLinkingCode)(open.count, pilot, hash.toString('hex'), expiresAt.toISOString());
                if (!(0, consent_rejection_1.isConsentRejection)(decision))
                    return { events: decision };
                const wait = open.first_expiry ? Math.ceil((open.first_expiry.getTime() - now.getTime()) / 1000) : 60;
                (0, platform_1.countRateLimited)('open_linking_codes');
                throw (0, consent_rejection_1.consentError)(decision, { 'Retry-After': String(Math.max(1, wait)) });
            },
            project: (tx) => this.consent.saveLinkingCode(tx, hash, pilot, now, expiresAt),
        });
        return { linking_token: code, expires_at: expiresAt.toISOString() };
    }
};
exports.IssueLinkingCodeHandler = IssueLinkingCodeHandler;
exports.IssueLinkingCodeHandler = IssueLinkingCodeHandler = __decorate([
    (0, cqrs_1.CommandHandler)(issue_linking_code_command_1.IssueLinkingCodeCommand),
    __metadata("design:paramtypes", [event_store_1.CommandPipeline,
        consent_repository_1.ConsentRepository,
        platform_1.AppConfig])
], IssueLinkingCodeHandler);
//# sourceMappingURL=issue-linking-code.handler.js.map