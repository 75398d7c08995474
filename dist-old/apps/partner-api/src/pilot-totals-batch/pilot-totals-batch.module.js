"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.PilotTotalsBatchModule = void 0;
const common_1 = require("@nestjs/common");
const access_history_module_1 = require("../access-history/access-history.module");
const access_module_1 = require("../auth/access.module");
const pilot_totals_reads_module_1 = require("../pilot-totals/pilot-totals-reads.module");
const get_pilot_totals_batch_handler_1 = require("./get-pilot-totals-batch.handler");
const pilot_totals_batch_controller_1 = require("./pilot-totals-batch.controller");
const pilot_totals_batch_reader_1 = require("./pilot-totals-batch.reader");
/** GET /v1/pilot-totals/batch: its controller, query handler and reader. */
let PilotTotalsBatchModule = class PilotTotalsBatchModule {
};
exports.PilotTotalsBatchModule = PilotTotalsBatchModule;
exports.PilotTotalsBatchModule = PilotTotalsBatchModule = __decorate([
    (0, common_1.Module)({
        imports: [access_module_1.AccessModule, access_history_module_1.AccessHistoryModule, pilot_totals_reads_module_1.PilotTotalsReadsModule],
        controllers: [pilot_totals_batch_controller_1.PilotTotalsBatchController],
        providers: [pilot_totals_batch_reader_1.PilotTotalsBatchReader, get_pilot_totals_batch_handler_1.GetPilotTotalsBatchHandler],
    })
], PilotTotalsBatchModule);
//# sourceMappingURL=pilot-totals-batch.module.js.map