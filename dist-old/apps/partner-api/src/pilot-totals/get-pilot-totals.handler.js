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
exports.GetPilotTotalsHandler = void 0;
const cqrs_1 = require("@nestjs/cqrs");
const platform_1 = require("../../../../libs/platform/src/index.js");
const access_recorder_1 = require("../access-history/access-recorder");
const get_pilot_totals_query_1 = require("./get-pilot-totals.query");
const pilot_totals_reader_1 = require("./pilot-totals.reader");
let GetPilotTotalsHandler = class GetPilotTotalsHandler {
    reader;
    access;
    constructor(reader, access) {
        this.reader = reader;
        this.access = access;
    }
    async execute(query) {
        const view = await this.reader.read(query.partnerId, query.pilotId, query.readRevision);
        // Never linked, disconnected, or another partner's: the same answer, so nothing leaks.
        if (!view)
            throw new platform_1.ApiError('PILOT_NOT_FOUND', 'No pilot with this pilot_id is linked to you');
        // Every answered read counts, from memory or not; one that did not resolve read nothing of a pilot.
        if (!query.sandbox)
            this.access.recordRead(view);
        return view;
    }
};
exports.GetPilotTotalsHandler = GetPilotTotalsHandler;
exports.GetPilotTotalsHandler = GetPilotTotalsHandler = __decorate([
    (0, cqrs_1.QueryHandler)(get_pilot_totals_query_1.GetPilotTotalsQuery),
    __metadata("design:paramtypes", [pilot_totals_reader_1.PilotTotalsReader,
        access_recorder_1.AccessRecorder])
], GetPilotTotalsHandler);
//# sourceMappingURL=get-pilot-totals.handler.js.map