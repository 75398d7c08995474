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
exports.GetExportController = void 0;
const common_1 = require("@nestjs/common");
const cqrs_1 = require("@nestjs/cqrs");
const current_pilot_decorator_1 = require("../auth/current-pilot.decorator");
const pilot_app_operation_1 = require("../openapi/pilot-app-operation");
const pilot_app_privacy_schemas_1 = require("../openapi/pilot-app-privacy.schemas");
const get_export_query_1 = require("./get-export.query");
let GetExportController = class GetExportController {
    queryBus;
    constructor(queryBus) {
        this.queryBus = queryBus;
    }
    get(pilot) {
        return this.queryBus.execute(new get_export_query_1.GetExportQuery(pilot));
    }
};
exports.GetExportController = GetExportController;
__decorate([
    (0, common_1.Get)(),
    (0, pilot_app_operation_1.PilotAppOperation)({
        tag: 'privacy',
        summary: 'Everything the service holds about the pilot, as JSON',
        retry: 'safe: it only reads.',
        description: 'The pilot’s data as of one moment (GDPR articles 15 and 20): the account id, the current flights, ' +
            'every event of the logbook (each flight recorded, amended and deleted, starting totals set) with ' +
            'its time, the starting totals, every connection to a partner past and present, the consent events ' +
            '(linking codes issued, as their hashes; links; disconnects) and the whole access history.',
        success: { status: 200, data: pilot_app_privacy_schemas_1.PILOT_EXPORT, description: 'The pilot’s data' },
    }),
    __param(0, (0, current_pilot_decorator_1.CurrentPilot)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", Promise)
], GetExportController.prototype, "get", null);
exports.GetExportController = GetExportController = __decorate([
    (0, common_1.Controller)('pilot/v1/export'),
    __metadata("design:paramtypes", [cqrs_1.QueryBus])
], GetExportController);
//# sourceMappingURL=get-export.controller.js.map