"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.PilotTotalsModule = void 0;
const common_1 = require("@nestjs/common");
const access_history_module_1 = require("../access-history/access-history.module");
const access_module_1 = require("../auth/access.module");
const get_pilot_totals_handler_1 = require("./get-pilot-totals.handler");
const pilot_totals_reads_module_1 = require("./pilot-totals-reads.module");
const pilot_totals_controller_1 = require("./pilot-totals.controller");
const pilot_totals_reader_1 = require("./pilot-totals.reader");
/** GET /v1/pilot-totals: its controller, query handler and reader. */
let PilotTotalsModule = class PilotTotalsModule {
};
exports.PilotTotalsModule = PilotTotalsModule;
exports.PilotTotalsModule = PilotTotalsModule = __decorate([
    (0, common_1.Module)({
        imports: [access_module_1.AccessModule, access_history_module_1.AccessHistoryModule, pilot_totals_reads_module_1.PilotTotalsReadsModule],
        controllers: [pilot_totals_controller_1.PilotTotalsController],
        providers: [pilot_totals_reader_1.PilotTotalsReader, get_pilot_totals_handler_1.GetPilotTotalsHandler],
    })
], PilotTotalsModule);
//# sourceMappingURL=pilot-totals.module.js.map