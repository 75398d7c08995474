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
exports.GetPilotTotalsBatchHandler = void 0;
const cqrs_1 = require("@nestjs/cqrs");
const access_recorder_1 = require("../access-history/access-recorder");
const get_pilot_totals_batch_query_1 = require("./get-pilot-totals-batch.query");
const pilot_totals_batch_reader_1 = require("./pilot-totals-batch.reader");
const resolved = (view) => view !== undefined;
/**
 * In the order asked; pilots that do not resolve for this partner (never linked, disconnected, another
 * partner's) are left out, with no per-pilot error.
 */
let GetPilotTotalsBatchHandler = class GetPilotTotalsBatchHandler {
    reader;
    access;
    constructor(reader, access) {
        this.reader = reader;
        this.access = access;
    }
    async execute(query) {
        const found = await this.reader.read(query.partnerId, query.pilotIds, query.readRevision);
        // Every id resolved (the common case): the reader's array as it is, nothing copied.
        const pilots = found.includes(undefined) ? found.filter(resolved) : found;
        // One read of each pilot answered; an id asked twice is answered, and counted, once.
        if (!query.sandbox)
            this.access.recordReads(pilots);
        return { pilots };
    }
};
exports.GetPilotTotalsBatchHandler = GetPilotTotalsBatchHandler;
exports.GetPilotTotalsBatchHandler = GetPilotTotalsBatchHandler = __decorate([
    (0, cqrs_1.QueryHandler)(get_pilot_totals_batch_query_1.GetPilotTotalsBatchQuery),
    __metadata("design:paramtypes", [pilot_totals_batch_reader_1.PilotTotalsBatchReader,
        access_recorder_1.AccessRecorder])
], GetPilotTotalsBatchHandler);
//# sourceMappingURL=get-pilot-totals-batch.handler.js.map