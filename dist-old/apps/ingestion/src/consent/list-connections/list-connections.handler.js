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
exports.ListConnectionsHandler = void 0;
const cqrs_1 = require("@nestjs/cqrs");
const typeorm_1 = require("typeorm");
const consent_repository_1 = require("../consent.repository");
const list_connections_query_1 = require("./list-connections.query");
let ListConnectionsHandler = class ListConnectionsHandler {
    dataSource;
    consent;
    constructor(dataSource, consent) {
        this.dataSource = dataSource;
        this.consent = consent;
    }
    async execute({ pilot }) {
        const rows = await this.consent.activeConnections(this.dataSource, pilot);
        return {
            connections: rows.map((r) => ({
                connection_id: r.connection_id,
                partner: { id: r.partner_id, name: r.name },
                linked_at: r.linked_at.toISOString(),
            })),
        };
    }
};
exports.ListConnectionsHandler = ListConnectionsHandler;
exports.ListConnectionsHandler = ListConnectionsHandler = __decorate([
    (0, cqrs_1.QueryHandler)(list_connections_query_1.ListConnectionsQuery),
    __metadata("design:paramtypes", [typeorm_1.DataSource,
        consent_repository_1.ConsentRepository])
], ListConnectionsHandler);
//# sourceMappingURL=list-connections.handler.js.map