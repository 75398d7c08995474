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
exports.PilotTotalsDatabase = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const pilot_totals_read_model_1 = require("../../../../libs/projections/src/pilot-totals.read-model.js");
const turn_batches_1 = require("../../../../libs/platform/src/batching/turn-batches.js");
const live_totals_reader_1 = require("./live-totals.reader");
const pilot_totals_statements_1 = require("./pilot-totals.statements");
/** Every id of the lists, once. */
function distinct(idLists) {
    return idLists.length === 1 ? [...idLists[0]] : [...new Set(idLists.flat())];
}
/** The rows of a statement shared by several requests (TurnBatches) that are about `pilotIds`. */
function ownRows({ result, size }, pilotIds) {
    if (size === 1)
        return result;
    const mine = new Set(pilotIds);
    return result.filter((row) => mine.has(row.pilot_id));
}
/**
 * The partner read path's database access, shared by the single read and the batch. A `pilot_id`
 * resolves only through an active connection owned by the calling partner, read from `connections`;
 * ids that do not resolve are left out. The checks and the full reads of one partner's requests in one
 * turn of the event loop are each one statement for all their pilot ids (TurnBatches): a cold read was
 * a round trip of its own per request. Each request takes the rows of its own ids.
 */
let PilotTotalsDatabase = class PilotTotalsDatabase {
    dataSource;
    checks;
    fullReads;
    constructor(dataSource) {
        this.dataSource = dataSource;
        this.checks = new turn_batches_1.TurnBatches((partnerId, idLists) => pilot_totals_statements_1.CHECK.rows(dataSource, distinct(idLists), partnerId));
        this.fullReads = new turn_batches_1.TurnBatches((partnerId, idLists) => pilot_totals_statements_1.READ.rows(dataSource, distinct(idLists), partnerId));
    }
    /**
     * Whether the kept answers of `pilotIds` still hold, by connection and row versions only: if still
     * connected with the same row, the kept totals are the table's, given again with the current
     * `last_updated`; if the row changed, the pilot is to be read in full; if no longer connected, it
     * does not resolve.
     */
    async check(partnerId, pilotIds, kept) {
        const checked = { held: [], changed: [] };
        for (const row of ownRows(await this.checks.join(partnerId, pilotIds), pilotIds)) {
            const earlier = kept.get(row.pilot_id);
            if (row.last_updated !== null &&
                !(0, pilot_totals_statements_1.behindLiveAnswer)(row) &&
                row.stream_version === earlier.versions.stream &&
                row.projection_version === earlier.versions.projection) {
                const lastUpdated = row.last_updated.toISOString();
                const view = lastUpdated === earlier.view.last_updated
                    ? earlier.view
                    : { ...earlier.view, last_updated: lastUpdated };
                checked.held.push({ view, versions: earlier.versions });
            }
            else
                checked.changed.push(row.pilot_id);
        }
        return checked;
    }
    /**
     * The answers of `pilotIds` read in full, in the order the rows come. A linked pilot not in the
     * projection yet, or whose row is older than an answer given live before, is computed live from the
     * write side, as of now, and recorded before it is given.
     */
    async read(partnerId, pilotIds) {
        const rows = ownRows(await this.fullReads.join(partnerId, pilotIds), pilotIds);
        if (rows.length === 0)
            return [];
        const projectedRows = rows.filter((row) => row.pilot_account_id !== null && !(0, pilot_totals_statements_1.behindLiveAnswer)(row));
        // The read model turns rows of the active view into totals; it is handed the rows this query
        // already holds (every column of the view) instead of reading them again in a second round trip.
        const projected = await (0, pilot_totals_read_model_1.readPilotTotals)({ query: () => Promise.resolve(projectedRows) }, projectedRows.map((row) => row.pilot_account_id));
        const liveRows = rows.filter((row) => row.pilot_account_id === null || (0, pilot_totals_statements_1.behindLiveAnswer)(row));
        const live = await (0, live_totals_reader_1.computeLiveTotals)(this.dataSource, liveRows.map((row) => row.account));
        await (0, live_totals_reader_1.recordLiveAnswers)(this.dataSource, liveRows.flatMap((row) => {
            const computed = live.get(row.account);
            return computed ? [{ connectionId: row.pilot_id, streamVersion: computed.streamVersion }] : [];
        }));
        const now = new Date().toISOString();
        return rows.flatMap((row) => {
            const found = row.pilot_account_id === null || (0, pilot_totals_statements_1.behindLiveAnswer)(row)
                ? undefined
                : projected.get(row.pilot_account_id);
            if (found && row.stream_version !== null && row.projection_version !== null) {
                return [
                    {
                        view: { pilot_id: row.pilot_id, last_updated: found.lastUpdated.toISOString(), ...found.totals },
                        versions: { stream: row.stream_version, projection: row.projection_version },
                    },
                ];
            }
            const computed = live.get(row.account);
            return computed
                ? [{ view: { pilot_id: row.pilot_id, last_updated: now, ...computed.totals }, versions: null }]
                : [];
        });
    }
};
exports.PilotTotalsDatabase = PilotTotalsDatabase;
exports.PilotTotalsDatabase = PilotTotalsDatabase = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [typeorm_1.DataSource])
], PilotTotalsDatabase);
//# sourceMappingURL=pilot-totals.database.js.map