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
exports.ListFlightsHandler = exports.MAX_PAGE_SIZE = exports.DEFAULT_PAGE_SIZE = void 0;
const event_store_1 = require("../../../../../libs/event-store/src/index.js");
const cqrs_1 = require("@nestjs/cqrs");
const typeorm_1 = require("typeorm");
const event_store_2 = require("../../../../../libs/event-store/src/index.js");
const flights_cursor_1 = require("./flights-cursor");
const list_flights_query_1 = require("./list-flights.query");
exports.DEFAULT_PAGE_SIZE = 50;
exports.MAX_PAGE_SIZE = 200;
let ListFlightsHandler = class ListFlightsHandler {
    dataSource;
    flights;
    constructor(dataSource, flights) {
        this.dataSource = dataSource;
        this.flights = flights;
    }
    async execute({ pilot, params: query }) {
        const issues = [];
        let limit = exports.DEFAULT_PAGE_SIZE;
        if (query.limit !== undefined) {
            const n = typeof query.limit === 'string' && /^\d{1,4}$/.test(query.limit) ? Number(query.limit) : NaN;
            if (n >= 1 && n <= exports.MAX_PAGE_SIZE)
                limit = n;
            else
                issues.push({
                    field: 'limit',
                    issue: 'out_of_range',
                    message: `must be a whole number from 1 to ${exports.MAX_PAGE_SIZE}`,
                });
        }
        let after = null;
        if (query.cursor !== undefined && query.cursor !== '') {
            after = typeof query.cursor === 'string' ? (0, flights_cursor_1.decodeCursor)(query.cursor) : null;
            if (!after)
                issues.push({
                    field: 'cursor',
                    issue: 'invalid_format',
                    message: 'is not a cursor this API gave out',
                });
        }
        if (issues.length > 0)
            throw (0, event_store_1.invalidRequest)(issues);
        // One more than asked tells whether another page follows.
        const rows = await this.flights.page(this.dataSource, pilot, after, limit + 1);
        const flights = rows.slice(0, limit);
        const last = flights[flights.length - 1];
        return {
            flights,
            next_cursor: rows.length > limit && last ? (0, flights_cursor_1.encodeCursor)({ date: last.date, flightId: last.flight_id }) : null,
        };
    }
};
exports.ListFlightsHandler = ListFlightsHandler;
exports.ListFlightsHandler = ListFlightsHandler = __decorate([
    (0, cqrs_1.QueryHandler)(list_flights_query_1.ListFlightsQuery),
    __metadata("design:paramtypes", [typeorm_1.DataSource,
        event_store_2.FlightsRepository])
], ListFlightsHandler);
//# sourceMappingURL=list-flights.handler.js.map