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
exports.GetTotalsHandler = void 0;
const cqrs_1 = require("@nestjs/cqrs");
const typeorm_1 = require("typeorm");
const domain_1 = require("../../../../libs/domain/src/index.js");
const event_store_1 = require("../../../../libs/event-store/src/index.js");
const event_store_2 = require("../../../../libs/event-store/src/index.js");
const get_totals_query_1 = require("./get-totals.query");
/** The pilot's own totals, computed live from the write-side tables with the same fold the projector uses. */
let GetTotalsHandler = class GetTotalsHandler {
    dataSource;
    flights;
    startingTotals;
    constructor(dataSource, flights, startingTotals) {
        this.dataSource = dataSource;
        this.flights = flights;
        this.startingTotals = startingTotals;
    }
    async execute({ pilot }) {
        // One snapshot for both reads, so a concurrent command is seen whole or not at all.
        return this.dataSource.transaction('REPEATABLE READ', async (tx) => {
            const flights = await this.flights.current(tx, pilot);
            return (0, domain_1.computeTotals)(flights, await this.startingTotals.find(tx, pilot));
        });
    }
};
exports.GetTotalsHandler = GetTotalsHandler;
exports.GetTotalsHandler = GetTotalsHandler = __decorate([
    (0, cqrs_1.QueryHandler)(get_totals_query_1.GetTotalsQuery),
    __metadata("design:paramtypes", [typeorm_1.DataSource,
        event_store_1.FlightsRepository,
        event_store_2.StartingTotalsRepository])
], GetTotalsHandler);
//# sourceMappingURL=get-totals.handler.js.map