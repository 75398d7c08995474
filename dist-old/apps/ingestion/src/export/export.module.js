"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.ExportModule = void 0;
const common_1 = require("@nestjs/common");
const flights_module_1 = require("../flights/flights.module");
const starting_totals_module_1 = require("../starting-totals/starting-totals.module");
const get_export_controller_1 = require("./get-export.controller");
const get_export_handler_1 = require("./get-export.handler");
/** GET /pilot/v1/export: everything the service holds about the pilot. */
let ExportModule = class ExportModule {
};
exports.ExportModule = ExportModule;
exports.ExportModule = ExportModule = __decorate([
    (0, common_1.Module)({
        imports: [flights_module_1.FlightsModule, starting_totals_module_1.StartingTotalsModule],
        controllers: [get_export_controller_1.GetExportController],
        providers: [get_export_handler_1.GetExportHandler],
    })
], ExportModule);
//# sourceMappingURL=export.module.js.map