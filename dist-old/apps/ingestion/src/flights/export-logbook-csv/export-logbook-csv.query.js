"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ExportLogbookCsvQuery = void 0;
const cqrs_1 = require("@nestjs/cqrs");
/** The pilot's current flights as logbook CSV text (docs/logbook-csv.md). */
class ExportLogbookCsvQuery extends cqrs_1.Query {
    pilot;
    constructor(pilot) {
        super();
        this.pilot = pilot;
    }
}
exports.ExportLogbookCsvQuery = ExportLogbookCsvQuery;
//# sourceMappingURL=export-logbook-csv.query.js.map