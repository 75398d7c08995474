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
exports.ExportLogbookCsvController = void 0;
const common_1 = require("@nestjs/common");
const cqrs_1 = require("@nestjs/cqrs");
const current_pilot_decorator_1 = require("../../auth/current-pilot.decorator");
const pilot_app_operation_1 = require("../../openapi/pilot-app-operation");
const pilot_app_examples_1 = require("../../openapi/pilot-app.examples");
const export_logbook_csv_query_1 = require("./export-logbook-csv.query");
let ExportLogbookCsvController = class ExportLogbookCsvController {
    queryBus;
    constructor(queryBus) {
        this.queryBus = queryBus;
    }
    /** Text, not the JSON envelope: a file for the pilot to keep, open in a spreadsheet or import again. */
    export(pilot) {
        return this.queryBus.execute(new export_logbook_csv_query_1.ExportLogbookCsvQuery(pilot));
    }
};
exports.ExportLogbookCsvController = ExportLogbookCsvController;
__decorate([
    (0, common_1.Get)('export.csv'),
    (0, common_1.Header)('Content-Type', 'text/csv; charset=utf-8'),
    (0, common_1.Header)('Content-Disposition', 'attachment; filename="logbook.csv"'),
    (0, pilot_app_operation_1.PilotAppOperation)({
        tag: 'flights',
        summary: "The pilot's logbook as CSV",
        retry: 'safe: it only reads.',
        description: 'Every current flight (not deleted ones), oldest first, one a row under a header of column names, ' +
            'as RFC 4180 text in UTF-8 (docs/logbook-csv.md). Not in the JSON envelope. The pilot app imports ' +
            'this file back unchanged (POST /pilot/v1/flights/import, after reading it into flight bodies).',
        success: {
            status: 200,
            description: 'The logbook as CSV',
            text: { mediaType: 'text/csv', example: pilot_app_examples_1.LOGBOOK_CSV_EXAMPLE },
        },
    }),
    __param(0, (0, current_pilot_decorator_1.CurrentPilot)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", Promise)
], ExportLogbookCsvController.prototype, "export", null);
exports.ExportLogbookCsvController = ExportLogbookCsvController = __decorate([
    (0, common_1.Controller)('pilot/v1'),
    __metadata("design:paramtypes", [cqrs_1.QueryBus])
], ExportLogbookCsvController);
//# sourceMappingURL=export-logbook-csv.controller.js.map