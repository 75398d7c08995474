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
exports.RedeemSandboxCodeHandler = void 0;
const node_crypto_1 = require("node:crypto");
const cqrs_1 = require("@nestjs/cqrs");
const typeorm_1 = require("typeorm");
const contracts_1 = require("../../../../../libs/contracts/src/index.js");
const domain_1 = require("../../../../../libs/domain/src/index.js");
const event_store_1 = require("../../../../../libs/event-store/src/index.js");
const invalid_token_1 = require("../../link/invalid-token");
const link_decide_1 = require("../../link/link.decide");
const linking_repository_1 = require("../../link/linking.repository");
const sandbox_logbook_1 = require("../sandbox-logbook");
const sandbox_pilots_repository_1 = require("../sandbox-pilots.repository");
const redeem_sandbox_code_command_1 = require("./redeem-sandbox-code.command");
/**
 * Each partner's sandbox gets a pilot account of its own per fixture (copy-on-write: one partner's
 * simulations never reach another's sandbox), made on the first redemption with the fixture's logbook
 * recorded through the write path. The code is reusable: redeemed again, it links the same pilot account,
 * so a partner that is still linked gets the same `pilot_id`, as a live re-link does.
 */
let RedeemSandboxCodeHandler = class RedeemSandboxCodeHandler {
    dataSource;
    pipeline;
    logbook;
    linking = new linking_repository_1.LinkingRepository();
    sandboxPilots = new sandbox_pilots_repository_1.SandboxPilotsRepository();
    constructor(dataSource, pipeline, logbook) {
        this.dataSource = dataSource;
        this.pipeline = pipeline;
        this.logbook = logbook;
    }
    async execute({ partnerId, linkingToken, requestId }) {
        const number = (0, domain_1.sandboxFixtureOfCode)(linkingToken);
        if (number === null)
            throw (0, invalid_token_1.invalidToken)();
        const pilot = await this.sandboxPilots.claim(this.dataSource, partnerId, number);
        if (!pilot.seeded) {
            await this.logbook.recordFixture(pilot.pilotAccountId, (0, domain_1.sandboxFixture)(number), requestId);
            await this.sandboxPilots.markSeeded(this.dataSource, pilot.pilotAccountId);
        }
        const newConnectionId = (0, node_crypto_1.randomUUID)();
        const decision = await this.pipeline.handle({
            streamId: (0, contracts_1.consentStreamId)(pilot.pilotAccountId),
            metadata: { request_id: requestId },
            load: (tx) => this.linking.connectionState(tx, partnerId, pilot.pilotAccountId),
            decide: (state) => {
                const decided = (0, link_decide_1.decideLink)(state, partnerId, pilot.pilotAccountId, newConnectionId);
                if ('rejected' in decided)
                    throw (0, invalid_token_1.invalidToken)();
                return decided;
            },
            project: async (tx, decided) => {
                const linked = decided.events[0];
                if (!linked)
                    return;
                await this.linking.saveConnection(tx, {
                    connectionId: linked.payload.connection_id,
                    partnerId,
                    pilotAccountId: pilot.pilotAccountId,
                    linkedAt: linked.payload.linked_at,
                });
            },
        });
        return { pilot_id: decision.pilotId };
    }
};
exports.RedeemSandboxCodeHandler = RedeemSandboxCodeHandler;
exports.RedeemSandboxCodeHandler = RedeemSandboxCodeHandler = __decorate([
    (0, cqrs_1.CommandHandler)(redeem_sandbox_code_command_1.RedeemSandboxCodeCommand),
    __metadata("design:paramtypes", [typeorm_1.DataSource,
        event_store_1.CommandPipeline,
        sandbox_logbook_1.SandboxLogbook])
], RedeemSandboxCodeHandler);
//# sourceMappingURL=redeem-sandbox-code.handler.js.map