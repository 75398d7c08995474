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
exports.ImportFlightsController = void 0;
const common_1 = require("@nestjs/common");
const cqrs_1 = require("@nestjs/cqrs");
const current_pilot_decorator_1 = require("../../auth/current-pilot.decorator");
const body_limits_1 = require("../../http/body-limits");
const import_flights_command_1 = require("./import-flights.command");
const pilot_app_operation_1 = require("../../openapi/pilot-app-operation");
const pilot_app_schemas_1 = require("../../openapi/pilot-app.schemas");
let ImportFlightsController = class ImportFlightsController {
    commandBus;
    constructor(commandBus) {
        this.commandBus = commandBus;
    }
    import(pilot, requestId, body) {
        return this.commandBus.execute(new import_flights_command_1.ImportFlightsCommand(pilot, body, requestId));
    }
};
exports.ImportFlightsController = ImportFlightsController;
__decorate([
    (0, common_1.Post)('import'),
    (0, pilot_app_operation_1.PilotAppOperation)({
        tag: 'flights',
        summary: 'Import up to 1,000 flights',
        retry: 'safe: flights already recorded with the same body are recorded once, and the import is answered 201 again.',
        description: 'All or nothing: one invalid flight rejects the whole request, with the index of each bad flight in ' +
            'details (400; a flight_id already recorded differently: 409). Body at most 1 MB.',
        body: pilot_app_schemas_1.IMPORT_BODY,
        success: { status: 201, data: pilot_app_schemas_1.IMPORTED, description: 'How many flights were recorded' },
        errors: ['INVALID_REQUEST', 'CONFLICT', 'WRITE_OUTCOME_UNKNOWN'],
    }),
    (0, common_1.HttpCode)(201),
    (0, body_limits_1.BodyLimit)(body_limits_1.IMPORT_BODY_LIMIT),
    __param(0, (0, current_pilot_decorator_1.CurrentPilot)()),
    __param(1, (0, current_pilot_decorator_1.RequestId)()),
    __param(2, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, String, Object]),
    __metadata("design:returntype", Promise)
], ImportFlightsController.prototype, "import", null);
exports.ImportFlightsController = ImportFlightsController = __decorate([
    (0, common_1.Controller)('pilot/v1/flights'),
    __metadata("design:paramtypes", [cqrs_1.CommandBus])
], ImportFlightsController);
//# sourceMappingURL=import-flights.controller.js.map