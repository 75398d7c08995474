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
exports.ListConnectionsController = void 0;
const common_1 = require("@nestjs/common");
const cqrs_1 = require("@nestjs/cqrs");
const current_pilot_decorator_1 = require("../../auth/current-pilot.decorator");
const list_connections_query_1 = require("./list-connections.query");
const pilot_app_operation_1 = require("../../openapi/pilot-app-operation");
const pilot_app_schemas_1 = require("../../openapi/pilot-app.schemas");
let ListConnectionsController = class ListConnectionsController {
    queryBus;
    constructor(queryBus) {
        this.queryBus = queryBus;
    }
    list(pilot) {
        return this.queryBus.execute(new list_connections_query_1.ListConnectionsQuery(pilot));
    }
};
exports.ListConnectionsController = ListConnectionsController;
__decorate([
    (0, common_1.Get)(),
    (0, pilot_app_operation_1.PilotAppOperation)({
        tag: 'consent',
        summary: "The pilot's active connections",
        retry: 'safe: it only reads.',
        description: 'Each partner that redeemed one of the pilot’s linking codes and was not disconnected since. ' +
            'connection_id is the pilot_id that partner holds, and what DELETE takes to disconnect it.',
        success: { status: 200, data: pilot_app_schemas_1.CONNECTIONS, description: 'Each partner the pilot is linked to' },
    }),
    __param(0, (0, current_pilot_decorator_1.CurrentPilot)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", Promise)
], ListConnectionsController.prototype, "list", null);
exports.ListConnectionsController = ListConnectionsController = __decorate([
    (0, common_1.Controller)('pilot/v1/connections'),
    __metadata("design:paramtypes", [cqrs_1.QueryBus])
], ListConnectionsController);
//# sourceMappingURL=list-connections.controller.js.map