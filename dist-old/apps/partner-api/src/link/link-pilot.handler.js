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
exports.LinkPilotHandler = void 0;
const node_crypto_1 = require("node:crypto");
const cqrs_1 = require("@nestjs/cqrs");
const typeorm_1 = require("typeorm");
const contracts_1 = require("../../../../libs/contracts/src/index.js");
const domain_1 = require("../../../../libs/domain/src/index.js");
const platform_1 = require("../../../../libs/platform/src/index.js");
const linking_code_hash_1 = require("../../../../libs/access/src/consent/linking-code-hash.js");
const event_store_1 = require("../../../../libs/event-store/src/index.js");
const invalid_token_1 = require("./invalid-token");
const link_decide_1 = require("./link.decide");
const link_pilot_command_1 = require("./link-pilot.command");
const linking_repository_1 = require("./linking.repository");
/**
 * Uses up the code and binds the pilot to the calling partner, in one transaction with the PilotLinked
 * event, in the pilot's consent stream. Redemptions of one pilot's codes take that stream's lock, so of
 * concurrent redemptions of one code exactly one finds it unused.
 */
let LinkPilotHandler = class LinkPilotHandler {
    dataSource;
    // The partner API has no relay of its own to wake: the append notifies the ingestion's relays itself.
    pipeline;
    linking = new linking_repository_1.LinkingRepository();
    constructor(dataSource, config) {
        this.dataSource = dataSource;
        this.pipeline = new event_store_1.CommandPipeline(dataSource, { outcomeTimeoutMs: (0, platform_1.writeOutcomeTimeoutMs)(config) });
    }
    async execute({ partnerId, linkingToken, requestId }) {
        const code = (0, domain_1.normalizeLinkingCode)(linkingToken);
        if (code === null)
            throw (0, invalid_token_1.invalidToken)();
        const codeHash = (0, linking_code_hash_1.hashLinkingCode)(code);
        const pilotAccountId = await this.linking.pilotOfCode(this.dataSource, codeHash);
        if (pilotAccountId === undefined)
            throw (0, invalid_token_1.invalidToken)();
        const newConnectionId = (0, node_crypto_1.randomUUID)();
        const decision = await this.pipeline.handle({
            streamId: (0, contracts_1.consentStreamId)(pilotAccountId),
            metadata: { request_id: requestId },
            load: (tx) => this.linking.linkState(tx, codeHash, partnerId),
            decide: (state) => {
                const decided = (0, link_decide_1.decideLink)(state, partnerId, pilotAccountId, newConnectionId);
                if ('rejected' in decided)
                    throw (0, invalid_token_1.invalidToken)();
                return decided;
            },
            project: async (tx, decided) => {
                if (!(await this.linking.useCode(tx, codeHash, partnerId)))
                    throw (0, invalid_token_1.invalidToken)();
                const linked = decided.events[0];
                if (linked) {
                    await this.linking.saveConnection(tx, {
                        connectionId: linked.payload.connection_id,
                        partnerId,
                        pilotAccountId,
                        linkedAt: linked.payload.linked_at,
                    });
                }
            },
        });
        return { pilot_id: decision.pilotId };
    }
};
exports.LinkPilotHandler = LinkPilotHandler;
exports.LinkPilotHandler = LinkPilotHandler = __decorate([
    (0, cqrs_1.CommandHandler)(link_pilot_command_1.LinkPilotCommand),
    __metadata("design:paramtypes", [typeorm_1.DataSource,
        platform_1.AppConfig])
], LinkPilotHandler);
//# sourceMappingURL=link-pilot.handler.js.map