"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ListFlightsQuery = void 0;
const cqrs_1 = require("@nestjs/cqrs");
/** A page of the pilot's current flights; `params` are the request's query string, checked by the handler. */
class ListFlightsQuery extends cqrs_1.Query {
    pilot;
    params;
    constructor(pilot, params) {
        super();
        this.pilot = pilot;
        this.params = params;
    }
}
exports.ListFlightsQuery = ListFlightsQuery;
//# sourceMappingURL=list-flights.query.js.map