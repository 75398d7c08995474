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
exports.DisconnectHandler = void 0;
const cqrs_1 = require("@nestjs/cqrs");
const contracts_1 = require("../../../../../libs/contracts/src/index.js");
const domain_1 = require("../../../../../libs/domain/src/index.js");
const access_1 = require("../../../../../libs/access/src/index.js");
const event_store_1 = require("../../../../../libs/event-store/src/index.js");
const consent_decide_1 = require("../consent.decide");
const consent_rejection_1 = require("../consent-rejection");
const consent_repository_1 = require("../consent.repository");
const disconnect_command_1 = require("./disconnect.command");
/**
 * Ends a connection. Once this has committed and the partner read revision has moved on (both before
 * the 204 goes out), the partner's `pilot_id` no longer resolves on any partner API replica. When
 * Redis cannot be told, the 204 waits until every answer a replica may hold in memory has expired
 * (PARTNER_TOTALS_CACHE_MS), so the promise holds all the same.
 */
let DisconnectHandler = class DisconnectHandler {
    pipeline;
    consent;
    partnerReads;
    constructor(pipeline, consent, partnerReads) {
        this.pipeline = pipeline;
        this.consent = consent;
        this.partnerReads = partnerReads;
    }
    async execute({ pilot, connectionId, requestId }) {
        const now = new Date().toISOString();
        await this.pipeline.handle({
            streamId: (0, contracts_1.consentStreamId)(pilot),
            metadata: { request_id: requestId },
            load: (tx) => (0, domain_1.isUuid)(connectionId)
                ? this.consent.connectionForUpdate(tx, connectionId)
                : Promise.resolve(undefined),
            decide: (connection) => {
                const decision = (0, consent_decide_1.decideDisconnect)(connection, pilot, now);
                if ((0, consent_rejection_1.isConsentRejection)(decision))
                    throw (0, consent_rejection_1.consentError)(decision);
                return { events: decision };
            },
            project: (tx) => this.consent.disconnect(tx, connectionId, now),
        });
        if (!(await this.partnerReads.announceChange(requestId))) {
            await new Promise((resolve) => setTimeout(resolve, this.partnerReads.untoldWaitMs));
        }
    }
};
exports.DisconnectHandler = DisconnectHandler;
exports.DisconnectHandler = DisconnectHandler = __decorate([
    (0, cqrs_1.CommandHandler)(disconnect_command_1.DisconnectCommand),
    __metadata("design:paramtypes", [event_store_1.CommandPipeline,
        consent_repository_1.ConsentRepository,
        access_1.PartnerReadRevision])
], DisconnectHandler);
//# sourceMappingURL=disconnect.handler.js.map