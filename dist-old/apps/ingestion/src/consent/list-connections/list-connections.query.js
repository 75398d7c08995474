"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ListConnectionsQuery = void 0;
const cqrs_1 = require("@nestjs/cqrs");
/** The partners the pilot is linked to now. */
class ListConnectionsQuery extends cqrs_1.Query {
    pilot;
    constructor(pilot) {
        super();
        this.pilot = pilot;
    }
}
exports.ListConnectionsQuery = ListConnectionsQuery;
//# sourceMappingURL=list-connections.query.js.map