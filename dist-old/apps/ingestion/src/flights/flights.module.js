"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.FlightsModule = void 0;
const common_1 = require("@nestjs/common");
const command_pipeline_provider_1 = require("../command-pipeline.provider");
const amend_flight_controller_1 = require("./amend-flight/amend-flight.controller");
const amend_flight_handler_1 = require("./amend-flight/amend-flight.handler");
const delete_flight_controller_1 = require("./delete-flight/delete-flight.controller");
const delete_flight_handler_1 = require("./delete-flight/delete-flight.handler");
const event_store_1 = require("../../../../libs/event-store/src/index.js");
const export_logbook_csv_controller_1 = require("./export-logbook-csv/export-logbook-csv.controller");
const export_logbook_csv_handler_1 = require("./export-logbook-csv/export-logbook-csv.handler");
const import_flights_controller_1 = require("./import-flights/import-flights.controller");
const import_flights_handler_1 = require("./import-flights/import-flights.handler");
const list_flights_controller_1 = require("./list-flights/list-flights.controller");
const list_flights_handler_1 = require("./list-flights/list-flights.handler");
const record_flight_controller_1 = require("./record-flight/record-flight.controller");
const record_flight_handler_1 = require("./record-flight/record-flight.handler");
/** The pilot's flights. The import controller comes before the one with `:flight_id` routes. */
let FlightsModule = class FlightsModule {
};
exports.FlightsModule = FlightsModule;
exports.FlightsModule = FlightsModule = __decorate([
    (0, common_1.Module)({
        controllers: [
            import_flights_controller_1.ImportFlightsController,
            record_flight_controller_1.RecordFlightController,
            list_flights_controller_1.ListFlightsController,
            amend_flight_controller_1.AmendFlightController,
            delete_flight_controller_1.DeleteFlightController,
            export_logbook_csv_controller_1.ExportLogbookCsvController,
        ],
        providers: [
            command_pipeline_provider_1.commandPipelineProvider,
            event_store_1.FlightsRepository,
            record_flight_handler_1.RecordFlightHandler,
            amend_flight_handler_1.AmendFlightHandler,
            delete_flight_handler_1.DeleteFlightHandler,
            import_flights_handler_1.ImportFlightsHandler,
            list_flights_handler_1.ListFlightsHandler,
            export_logbook_csv_handler_1.ExportLogbookCsvHandler,
        ],
        exports: [event_store_1.FlightsRepository],
    })
], FlightsModule);
//# sourceMappingURL=flights.module.js.map