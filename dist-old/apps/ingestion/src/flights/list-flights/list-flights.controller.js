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
exports.ListFlightsController = void 0;
const common_1 = require("@nestjs/common");
const cqrs_1 = require("@nestjs/cqrs");
const current_pilot_decorator_1 = require("../../auth/current-pilot.decorator");
const list_flights_query_1 = require("./list-flights.query");
const pilot_app_operation_1 = require("../../openapi/pilot-app-operation");
const pilot_app_schemas_1 = require("../../openapi/pilot-app.schemas");
let ListFlightsController = class ListFlightsController {
    queryBus;
    constructor(queryBus) {
        this.queryBus = queryBus;
    }
    list(pilot, params) {
        return this.queryBus.execute(new list_flights_query_1.ListFlightsQuery(pilot, params));
    }
};
exports.ListFlightsController = ListFlightsController;
__decorate([
    (0, common_1.Get)(),
    (0, pilot_app_operation_1.PilotAppOperation)({
        tag: 'flights',
        summary: "The pilot's flights, newest date first",
        retry: 'safe: it only reads.',
        description: 'Current flights only (not deleted ones), newest date first, in pages of limit flights (1 to 200, ' +
            'default 50). Pass next_cursor as cursor for the next page; it is null on the last. A limit or ' +
            'cursor not as described: 400 INVALID_REQUEST.',
        query: [
            { name: 'cursor', description: 'next_cursor of the page before', schema: { type: 'string' } },
            {
                name: 'limit',
                description: '1 to 200, default 50',
                schema: { type: 'integer', minimum: 1, maximum: 200 },
            },
        ],
        success: { status: 200, data: pilot_app_schemas_1.FLIGHTS_PAGE, description: 'One page' },
        errors: ['INVALID_REQUEST'],
        errorExamples: {
            INVALID_REQUEST: [
                {
                    summary: 'limit out of range',
                    message: 'limit must be a whole number from 1 to 200',
                    details: [
                        { field: 'limit', issue: 'out_of_range', message: 'must be a whole number from 1 to 200' },
                    ],
                },
            ],
        },
    }),
    __param(0, (0, current_pilot_decorator_1.CurrentPilot)()),
    __param(1, (0, common_1.Query)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, Object]),
    __metadata("design:returntype", Promise)
], ListFlightsController.prototype, "list", null);
exports.ListFlightsController = ListFlightsController = __decorate([
    (0, common_1.Controller)('pilot/v1/flights'),
    __metadata("design:paramtypes", [cqrs_1.QueryBus])
], ListFlightsController);
//# sourceMappingURL=list-flights.controller.js.map