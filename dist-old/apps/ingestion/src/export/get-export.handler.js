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
exports.GetExportHandler = void 0;
const cqrs_1 = require("@nestjs/cqrs");
const typeorm_1 = require("typeorm");
const access_1 = require("../../../../libs/access/src/index.js");
const contracts_1 = require("../../../../libs/contracts/src/index.js");
const event_store_1 = require("../../../../libs/event-store/src/index.js");
const access_history_view_1 = require("../access-history/access-history.view");
const get_export_query_1 = require("./get-export.query");
const pilot_export_1 = require("./pilot-export");
/** Before any read the service recorded: the whole access history. */
const ALL_DAYS_FROM = '1970-01-01';
/**
 * The pilot's data export. Events come through the event store's stream reader, the one place stored
 * payloads become events (opened with the pilot's data key, upcast). An account erased before starts
 * again empty: only the events after its last AccountErased are the pilot's.
 */
let GetExportHandler = class GetExportHandler {
    dataSource;
    flights;
    startingTotals;
    constructor(dataSource, flights, startingTotals) {
        this.dataSource = dataSource;
        this.flights = flights;
        this.startingTotals = startingTotals;
    }
    async execute({ pilot }) {
        // One snapshot for every part, so the flights agree with their events and connections with the history.
        return this.dataSource.transaction('REPEATABLE READ', async (tx) => {
            const logbook = await (0, event_store_1.readStream)(tx, (0, contracts_1.logbookStreamId)(pilot));
            const erased = logbook.filter((e) => e.type === 'AccountErased').pop();
            const since = (events) => erased ? events.filter((e) => BigInt(e.position) > BigInt(erased.position)) : events;
            const consent = since(await (0, event_store_1.readStream)(tx, (0, contracts_1.consentStreamId)(pilot)));
            const current = await this.flights.current(tx, pilot);
            const starting = await this.startingTotals.find(tx, pilot);
            const connections = await (0, access_1.connectionHistoryOf)(tx, pilot);
            const reads = await (0, access_1.partnerReadsOf)(tx, pilot, ALL_DAYS_FROM);
            const names = new Map(connections.map((c) => [c.partner_id, c.name]));
            const unnamed = [...new Set(reads.map((r) => r.partner_id))].filter((id) => !names.has(id));
            for (const [id, name] of await (0, access_1.partnerNames)(tx, unnamed))
                names.set(id, name);
            return {
                exported_at: new Date().toISOString(),
                account: { id: pilot },
                flights: [...current].sort((a, b) => b.date.localeCompare(a.date) || a.flight_id.localeCompare(b.flight_id)),
                logbook_events: since(logbook).map(pilot_export_1.exportedEvent),
                starting_totals: starting,
                connections: connections.map((c) => ({
                    connection_id: c.connection_id,
                    partner: { id: c.partner_id, name: c.name },
                    linked_at: c.linked_at.toISOString(),
                    disconnected_at: c.disconnected_at?.toISOString() ?? null,
                })),
                consent_events: consent.map(pilot_export_1.exportedEvent),
                access_history: (0, access_history_view_1.accessHistoryView)(connections, reads, names, ALL_DAYS_FROM),
            };
        });
    }
};
exports.GetExportHandler = GetExportHandler;
exports.GetExportHandler = GetExportHandler = __decorate([
    (0, cqrs_1.QueryHandler)(get_export_query_1.GetExportQuery),
    __metadata("design:paramtypes", [typeorm_1.DataSource,
        event_store_1.FlightsRepository,
        event_store_1.StartingTotalsRepository])
], GetExportHandler);
//# sourceMappingURL=get-export.handler.js.map