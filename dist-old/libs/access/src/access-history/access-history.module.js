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
exports.AccessHistoryModule = exports.AccessHistory = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const partner_reads_statements_1 = require("./partner-reads.statements");
/**
 * The owner of the pilots' access history, as account erasure sees it. What it holds of a pilot is the
 * `partner_reads` rows; links and disconnects are read from `connections`, which consent owns.
 */
let AccessHistory = class AccessHistory {
    dataSource;
    constructor(dataSource) {
        this.dataSource = dataSource;
    }
    /**
     * Deletes everything the access history holds of the pilot; the number of rows deleted. `runner`: the
     * caller's transaction, if any. Partner API replicas add their counts every ACCESS_HISTORY_FLUSH_MS
     * (and on shutdown), resolving the pilot through `connections`: reads answered before the pilot's
     * connections ended can still arrive up to that long after. Call this once every connection has ended
     * and again after that interval (or once, that long after the last disconnect).
     */
    forgetPilot(pilotAccountId, runner = this.dataSource) {
        return (0, partner_reads_statements_1.forgetPilotReads)(runner, pilotAccountId);
    }
};
exports.AccessHistory = AccessHistory;
exports.AccessHistory = AccessHistory = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [typeorm_1.DataSource])
], AccessHistory);
/** Provides AccessHistory; needs the app's DataSource (DatabaseModule). */
let AccessHistoryModule = class AccessHistoryModule {
};
exports.AccessHistoryModule = AccessHistoryModule;
exports.AccessHistoryModule = AccessHistoryModule = __decorate([
    (0, common_1.Module)({ providers: [AccessHistory], exports: [AccessHistory] })
], AccessHistoryModule);
//# sourceMappingURL=access-history.module.js.map