"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.PilotTotalsReadsModule = void 0;
const common_1 = require("@nestjs/common");
const pilot_totals_database_1 = require("./pilot-totals.database");
const totals_read_cache_1 = require("./totals-read-cache");
/**
 * The database access and the cache both totals endpoints read through: one of each per replica, so a
 * batch and a single read share kept answers, reads under way and each turn's statements.
 */
let PilotTotalsReadsModule = class PilotTotalsReadsModule {
};
exports.PilotTotalsReadsModule = PilotTotalsReadsModule;
exports.PilotTotalsReadsModule = PilotTotalsReadsModule = __decorate([
    (0, common_1.Module)({
        providers: [pilot_totals_database_1.PilotTotalsDatabase, totals_read_cache_1.TotalsReadCache],
        exports: [totals_read_cache_1.TotalsReadCache],
    })
], PilotTotalsReadsModule);
//# sourceMappingURL=pilot-totals-reads.module.js.map