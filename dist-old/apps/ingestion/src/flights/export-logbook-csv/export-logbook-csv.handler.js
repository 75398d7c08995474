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
exports.ExportLogbookCsvHandler = void 0;
const cqrs_1 = require("@nestjs/cqrs");
const typeorm_1 = require("typeorm");
const domain_1 = require("../../../../../libs/domain/src/index.js");
const event_store_1 = require("../../../../../libs/event-store/src/index.js");
const export_logbook_csv_query_1 = require("./export-logbook-csv.query");
let ExportLogbookCsvHandler = class ExportLogbookCsvHandler {
    dataSource;
    flights;
    constructor(dataSource, flights) {
        this.dataSource = dataSource;
        this.flights = flights;
    }
    /** Oldest first, as a paper logbook reads; the same date in flight id order, so an export is stable. */
    async execute({ pilot }) {
        const flights = await this.flights.current(this.dataSource, pilot);
        flights.sort((a, b) => a.date === b.date ? (a.flight_id < b.flight_id ? -1 : 1) : a.date < b.date ? -1 : 1);
        return (0, domain_1.formatLogbookCsv)(flights);
    }
};
exports.ExportLogbookCsvHandler = ExportLogbookCsvHandler;
exports.ExportLogbookCsvHandler = ExportLogbookCsvHandler = __decorate([
    (0, cqrs_1.QueryHandler)(export_logbook_csv_query_1.ExportLogbookCsvQuery),
    __metadata("design:paramtypes", [typeorm_1.DataSource,
        event_store_1.FlightsRepository])
], ExportLogbookCsvHandler);
//# sourceMappingURL=export-logbook-csv.handler.js.map