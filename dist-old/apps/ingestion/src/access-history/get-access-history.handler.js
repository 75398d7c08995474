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
exports.GetAccessHistoryHandler = void 0;
const cqrs_1 = require("@nestjs/cqrs");
const typeorm_1 = require("typeorm");
const access_1 = require("../../../../libs/access/src/index.js");
const access_history_view_1 = require("./access-history.view");
const get_access_history_query_1 = require("./get-access-history.query");
let GetAccessHistoryHandler = class GetAccessHistoryHandler {
    dataSource;
    constructor(dataSource) {
        this.dataSource = dataSource;
    }
    async execute({ pilot, days }) {
        const fromDay = (0, access_history_view_1.firstDayOf)(days, new Date());
        const [connections, reads] = await Promise.all([
            (0, access_1.connectionHistoryOf)(this.dataSource, pilot),
            (0, access_1.partnerReadsOf)(this.dataSource, pilot, fromDay),
        ]);
        const names = new Map(connections.map((c) => [c.partner_id, c.name]));
        // Every connection of a pilot names its partner; this is for a read whose connection is gone.
        const unnamed = [...new Set(reads.map((r) => r.partner_id))].filter((id) => !names.has(id));
        for (const [id, name] of await (0, access_1.partnerNames)(this.dataSource, unnamed))
            names.set(id, name);
        return (0, access_history_view_1.accessHistoryView)(connections, reads, names, fromDay);
    }
};
exports.GetAccessHistoryHandler = GetAccessHistoryHandler;
exports.GetAccessHistoryHandler = GetAccessHistoryHandler = __decorate([
    (0, cqrs_1.QueryHandler)(get_access_history_query_1.GetAccessHistoryQuery),
    __metadata("design:paramtypes", [typeorm_1.DataSource])
], GetAccessHistoryHandler);
//# sourceMappingURL=get-access-history.handler.js.map