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
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.SandboxPilotsController = void 0;
const common_1 = require("@nestjs/common");
const cqrs_1 = require("@nestjs/cqrs");
const swagger_1 = require("@nestjs/swagger");
const domain_1 = require("../../../../libs/domain/src/index.js");
const platform_1 = require("../../../../libs/platform/src/index.js");
const partner_endpoint_decorator_1 = require("../auth/partner-endpoint.decorator");
const error_examples_1 = require("../openapi/error-examples");
const openapi_responses_1 = require("../openapi/openapi-responses");
const disconnect_sandbox_pilot_command_1 = require("./disconnect-sandbox-pilot/disconnect-sandbox-pilot.command");
const reset_sandbox_pilot_command_1 = require("./reset-sandbox-pilot/reset-sandbox-pilot.command");
const sandbox_dto_1 = require("./sandbox.dto");
const simulate_flight_command_1 = require("./simulate-flight/simulate-flight.command");
const SANDBOX_ONLY = { sandboxOnly: true };
const PILOT_ID_MESSAGE = 'pilot_id must be a UUID';
const badPilotId = {
    summary: 'pilot_id is not a UUID',
    message: PILOT_ID_MESSAGE,
    details: [{ field: 'pilot_id', issue: 'invalid_uuid' }],
};
const ABOUT = 'Sandbox keys (`pft_test_`) only: a live key gets 404 NOT_FOUND, as for an unknown path. Scope ' +
    '`pilot-totals`. `pilot_id`: a fixture pilot linked to your sandbox (any other: 404 PILOT_NOT_FOUND). ' +
    'Each partner’s sandbox has pilot accounts of its own: nothing done here shows in another partner’s.';
/** The pilot_id of the path, in lower case; 400 when it is not a UUID. */
function pilotIdOf(value) {
    if (!(0, domain_1.isUuid)(value)) {
        throw new platform_1.ApiError('INVALID_REQUEST', PILOT_ID_MESSAGE, [{ field: 'pilot_id', issue: 'invalid_uuid' }]);
    }
    return value.toLowerCase();
}
let SandboxPilotsController = class SandboxPilotsController {
    commandBus;
    constructor(commandBus) {
        this.commandBus = commandBus;
    }
    /** 201 with the stored flight; 200 with it when the same flight was sent again, as the pilot app answers. */
    async flight(pilotId, body, partner, request, reply) {
        const result = await this.commandBus.execute(new simulate_flight_command_1.SimulateFlightCommand(partner.partnerId, pilotIdOf(pilotId), body, request.id));
        if (!result.created)
            void reply.status(200);
        return result.flight;
    }
    disconnect(pilotId, partner, request) {
        return this.commandBus.execute(new disconnect_sandbox_pilot_command_1.DisconnectSandboxPilotCommand(partner.partnerId, pilotIdOf(pilotId), request.id));
    }
    reset(pilotId, partner, request) {
        return this.commandBus.execute(new reset_sandbox_pilot_command_1.ResetSandboxPilotCommand(partner.partnerId, pilotIdOf(pilotId), request.id));
    }
};
exports.SandboxPilotsController = SandboxPilotsController;
__decorate([
    (0, common_1.Post)('flights'),
    (0, common_1.HttpCode)(201),
    (0, partner_endpoint_decorator_1.PartnerWriteEndpoint)('pilot-totals', SANDBOX_ONLY),
    (0, swagger_1.ApiOperation)({
        summary: 'Simulate a flight of a sandbox pilot',
        description: `${ABOUT} Records the flight for that pilot through the same write path as a pilot’s own ` +
            '(event store, Kafka, projector): the totals follow within about a second (`last_updated`). The same ' +
            '`flight_id` with the same body again: 200 and nothing new; with another body: 409 CONFLICT.',
    }),
    (0, openapi_responses_1.ApiJsonBody)(sandbox_dto_1.SandboxFlightDto, 'A flight, as the pilot app records it'),
    (0, openapi_responses_1.ApiEnvelopedResponse)(201, sandbox_dto_1.SandboxFlightDto, openapi_responses_1.IDEMPOTENT_REPLAY_HEADERS),
    (0, openapi_responses_1.ApiPartnerErrors)([
        'INVALID_REQUEST',
        'INSUFFICIENT_SCOPE',
        'NOT_FOUND',
        'PILOT_NOT_FOUND',
        'CONFLICT',
        'IDEMPOTENCY_CONFLICT',
    ], {
        INVALID_REQUEST: [
            badPilotId,
            {
                summary: 'A flight the pilot app would refuse',
                message: 'minutes.pic must not exceed total_flight_time',
                details: [{ field: 'minutes.pic', issue: 'exceeds_total' }],
            },
            error_examples_1.invalidIdempotencyKey,
        ],
        INSUFFICIENT_SCOPE: [(0, error_examples_1.missingScope)('pilot-totals')],
        NOT_FOUND: [{ summary: 'A live key', message: 'No such resource' }],
        CONFLICT: [
            {
                summary: 'The flight_id was recorded with another body',
                message: 'flight 0b7c6a52-2a55-4d1c-9d59-5f1fb1e0c0a1 was already recorded differently',
            },
        ],
    }),
    __param(0, (0, common_1.Param)('pilot_id')),
    __param(1, (0, common_1.Body)()),
    __param(2, (0, partner_endpoint_decorator_1.CurrentPartner)()),
    __param(3, (0, common_1.Req)()),
    __param(4, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, Object, Object, Object, Object]),
    __metadata("design:returntype", Promise)
], SandboxPilotsController.prototype, "flight", null);
__decorate([
    (0, common_1.Post)('disconnect'),
    (0, common_1.HttpCode)(200),
    (0, partner_endpoint_decorator_1.PartnerWriteEndpoint)('pilot-totals', SANDBOX_ONLY),
    (0, swagger_1.ApiOperation)({
        summary: 'Simulate a sandbox pilot disconnecting from you',
        description: `${ABOUT} As when a pilot disconnects in the pilot app: from the answer on, the \`pilot_id\` is ` +
            'not found on every endpoint. Redeeming the fixture’s code again links the pilot under a new `pilot_id`.',
    }),
    (0, openapi_responses_1.ApiEnvelopedResponse)(200, sandbox_dto_1.SandboxDisconnectedDto, openapi_responses_1.IDEMPOTENT_REPLAY_HEADERS),
    (0, openapi_responses_1.ApiPartnerErrors)(['INVALID_REQUEST', 'INSUFFICIENT_SCOPE', 'NOT_FOUND', 'PILOT_NOT_FOUND', 'IDEMPOTENCY_CONFLICT'], {
        INVALID_REQUEST: [badPilotId, error_examples_1.invalidIdempotencyKey],
        INSUFFICIENT_SCOPE: [(0, error_examples_1.missingScope)('pilot-totals')],
        NOT_FOUND: [{ summary: 'A live key', message: 'No such resource' }],
    }),
    __param(0, (0, common_1.Param)('pilot_id')),
    __param(1, (0, partner_endpoint_decorator_1.CurrentPartner)()),
    __param(2, (0, common_1.Req)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, Object, Object]),
    __metadata("design:returntype", Promise)
], SandboxPilotsController.prototype, "disconnect", null);
__decorate([
    (0, common_1.Post)('reset'),
    (0, common_1.HttpCode)(200),
    (0, partner_endpoint_decorator_1.PartnerWriteEndpoint)('pilot-totals', SANDBOX_ONLY),
    (0, swagger_1.ApiOperation)({
        summary: 'Put a sandbox pilot back to its fixture',
        description: `${ABOUT} Deletes the flights you simulated for that pilot (through the write path, as a pilot’s ` +
            'own deletions): the `pilot_id` stays, and the totals are the fixture’s again within about a second.',
    }),
    (0, openapi_responses_1.ApiEnvelopedResponse)(200, sandbox_dto_1.SandboxResetDto, openapi_responses_1.IDEMPOTENT_REPLAY_HEADERS),
    (0, openapi_responses_1.ApiPartnerErrors)(['INVALID_REQUEST', 'INSUFFICIENT_SCOPE', 'NOT_FOUND', 'PILOT_NOT_FOUND', 'IDEMPOTENCY_CONFLICT'], {
        INVALID_REQUEST: [badPilotId, error_examples_1.invalidIdempotencyKey],
        INSUFFICIENT_SCOPE: [(0, error_examples_1.missingScope)('pilot-totals')],
        NOT_FOUND: [{ summary: 'A live key', message: 'No such resource' }],
    }),
    __param(0, (0, common_1.Param)('pilot_id')),
    __param(1, (0, partner_endpoint_decorator_1.CurrentPartner)()),
    __param(2, (0, common_1.Req)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, Object, Object]),
    __metadata("design:returntype", Promise)
], SandboxPilotsController.prototype, "reset", null);
exports.SandboxPilotsController = SandboxPilotsController = __decorate([
    (0, swagger_1.ApiTags)('sandbox'),
    (0, swagger_1.ApiParam)({ name: 'pilot_id', format: 'uuid', description: 'A fixture pilot linked to your sandbox' }),
    (0, common_1.Controller)('v1/sandbox/pilots/:pilot_id'),
    __metadata("design:paramtypes", [cqrs_1.CommandBus])
], SandboxPilotsController);
//# sourceMappingURL=sandbox-pilots.controller.js.map