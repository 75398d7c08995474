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
exports.IssueLinkingCodeController = void 0;
const event_store_1 = require("../../../../../libs/event-store/src/index.js");
const common_1 = require("@nestjs/common");
const cqrs_1 = require("@nestjs/cqrs");
const domain_1 = require("../../../../../libs/domain/src/index.js");
const current_pilot_decorator_1 = require("../../auth/current-pilot.decorator");
const issue_linking_code_command_1 = require("./issue-linking-code.command");
const pilot_app_operation_1 = require("../../openapi/pilot-app-operation");
const pilot_app_schemas_1 = require("../../openapi/pilot-app.schemas");
let IssueLinkingCodeController = class IssueLinkingCodeController {
    commandBus;
    constructor(commandBus) {
        this.commandBus = commandBus;
    }
    issue(pilot, requestId, body) {
        // No body, or an empty object: the request has no fields, so any field it sends is unknown.
        if (body !== undefined && body !== null) {
            const issues = [];
            domain_1.BodyReader.object(issues, '', body)?.onlyKnown([]);
            if (issues.length > 0)
                throw (0, event_store_1.invalidRequest)(issues);
        }
        return this.commandBus.execute(new issue_linking_code_command_1.IssueLinkingCodeCommand(pilot, requestId));
    }
};
exports.IssueLinkingCodeController = IssueLinkingCodeController;
__decorate([
    (0, common_1.Post)(),
    (0, pilot_app_operation_1.PilotAppOperation)({
        tag: 'consent',
        summary: 'Issue a linking code',
        retry: 'issues another code; a code whose answer was lost is never shown and expires unused, counting toward the 10 open codes until then.',
        description: 'A one-time code the pilot gives a partner, who redeems it with POST /v1/link of the partner API. ' +
            'Valid 10 minutes, single use, stored only as a hash. At most 10 unexpired codes per pilot; past that 429.',
        success: { status: 201, data: pilot_app_schemas_1.LINKING_CODE, description: 'The code and when it expires' },
        errors: ['RATE_LIMITED', 'WRITE_OUTCOME_UNKNOWN'],
    }),
    (0, common_1.HttpCode)(201),
    __param(0, (0, current_pilot_decorator_1.CurrentPilot)()),
    __param(1, (0, current_pilot_decorator_1.RequestId)()),
    __param(2, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, String, Object]),
    __metadata("design:returntype", Promise)
], IssueLinkingCodeController.prototype, "issue", null);
exports.IssueLinkingCodeController = IssueLinkingCodeController = __decorate([
    (0, common_1.Controller)('pilot/v1/linking-codes'),
    __metadata("design:paramtypes", [cqrs_1.CommandBus])
], IssueLinkingCodeController);
//# sourceMappingURL=issue-linking-code.controller.js.map