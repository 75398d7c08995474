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
exports.DisconnectSandboxPilotHandler = void 0;
const cqrs_1 = require("@nestjs/cqrs");
const typeorm_1 = require("typeorm");
const contracts_1 = require("../../../../../libs/contracts/src/index.js");
const access_1 = require("../../../../../libs/access/src/index.js");
const event_store_1 = require("../../../../../libs/event-store/src/index.js");
const platform_1 = require("../../../../../libs/platform/src/index.js");
const linking_repository_1 = require("../../link/linking.repository");
const sandbox_pilots_repository_1 = require("../sandbox-pilots.repository");
const disconnect_sandbox_pilot_command_1 = require("./disconnect-sandbox-pilot.command");
/**
 * Ends the connection with the PilotDisconnected event a pilot's own disconnect appends, and, as that
 * does, moves the partner read revision on before answering: from then on the `pilot_id` is not found.
 * Webhook seam: `pilot.disconnected` is owed to the partner here. The event is the pilot app's own, so a
 * dispatcher that turns PilotDisconnected events into webhooks sends it with no sandbox code of its own.
 */
let DisconnectSandboxPilotHandler = class DisconnectSandboxPilotHandler {
    dataSource;
    pipeline;
    partnerReads;
    linking = new linking_repository_1.LinkingRepository();
    sandboxPilots = new sandbox_pilots_repository_1.SandboxPilotsRepository();
    constructor(dataSource, pipeline, partnerReads) {
        this.dataSource = dataSource;
        this.pipeline = pipeline;
        this.partnerReads = partnerReads;
    }
    async execute({ partnerId, pilotId, requestId, }) {
        const pilot = await this.sandboxPilots.ofPilotId(this.dataSource, partnerId, pilotId);
        const now = new Date().toISOString();
        await this.pipeline.handle({
            streamId: (0, contracts_1.consentStreamId)(pilot.pilotAccountId),
            metadata: { request_id: requestId },
            load: (tx) => this.linking.activeConnectionForUpdate(tx, partnerId, pilotId),
            decide: (connection) => {
                // Disconnected meanwhile (a concurrent request): as unknown as any other id.
                if (!connection)
                    throw new platform_1.ApiError('PILOT_NOT_FOUND', 'No pilot with this pilot_id is linked to you');
                return {
                    events: [
                        {
                            type: 'PilotDisconnected',
                            version: 1,
                            payload: {
                                pilot_account_id: connection.pilotAccountId,
                                partner_id: partnerId,
                                connection_id: pilotId,
                                disconnected_at: now,
                            },
                        },
                    ],
                };
            },
            project: (tx) => this.linking.endConnection(tx, pilotId, now),
        });
        if (!(await this.partnerReads.announceChange())) {
            await new Promise((resolve) => setTimeout(resolve, this.partnerReads.untoldWaitMs));
        }
        return { pilot_id: pilotId, disconnected_at: now };
    }
};
exports.DisconnectSandboxPilotHandler = DisconnectSandboxPilotHandler;
exports.DisconnectSandboxPilotHandler = DisconnectSandboxPilotHandler = __decorate([
    (0, cqrs_1.CommandHandler)(disconnect_sandbox_pilot_command_1.DisconnectSandboxPilotCommand),
    __metadata("design:paramtypes", [typeorm_1.DataSource,
        event_store_1.CommandPipeline,
        access_1.PartnerReadRevision])
], DisconnectSandboxPilotHandler);
//# sourceMappingURL=disconnect-sandbox-pilot.handler.js.map