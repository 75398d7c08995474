"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.GetAccountQuery = void 0;
const cqrs_1 = require("@nestjs/cqrs");
/** Whether the pilot's account is in use or being erased. */
class GetAccountQuery extends cqrs_1.Query {
    pilot;
    constructor(pilot) {
        super();
        this.pilot = pilot;
    }
}
exports.GetAccountQuery = GetAccountQuery;
//# sourceMappingURL=get-account.query.js.map