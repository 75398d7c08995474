"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CHECK = exports.READ = void 0;
exports.behindLiveAnswer = behindLiveAnswer;
const prepared_statement_1 = require("../../../../libs/platform/src/database/prepared-statement.js");
const projection_tables_1 = require("../../../../libs/projections/src/projection-tables.js");
/**
 * Statements by pilot_id, each in two prepared forms, one pilot and several: Postgres plans each once
 * per connection only when its general plan looks no dearer than one made for the values at hand, and
 * for a list of unknown length it does not look so when the list holds one id (measured with pgbench:
 * one id by `=` runs 4x faster than planning each time; by `= any` of a one-id list, 1.4x).
 */
class ByPilotIds {
    one;
    many;
    constructor(name, sql) {
        this.one = new prepared_statement_1.PreparedStatement(`${name}-one`, sql('c.connection_id = $1::uuid'));
        this.many = new prepared_statement_1.PreparedStatement(`${name}-many`, sql('c.connection_id = any($1::uuid[])'));
    }
    rows(dataSource, pilotIds, partnerId) {
        return pilotIds.length === 1
            ? this.one.rows(dataSource, [pilotIds[0], partnerId])
            : this.many.rows(dataSource, [pilotIds, partnerId]);
    }
}
/**
 * The caller's active connections joined with the active projection, in one round trip, with the stream
 * version the partner was last answered live through the connection (see behindLiveAnswer).
 */
const connectedSql = (columns) => (condition) => `
  select c.connection_id::text as pilot_id, l.stream_version as live_stream_version, ${columns}
    from connections c
    left join live_answers l on l.connection_id = c.connection_id
    left join ${projection_tables_1.ACTIVE_TOTALS_VIEW} v on v.pilot_account_id = c.pilot_account_id
   where ${condition} and c.partner_id = $2 and c.disconnected_at is null`;
/** Connection and totals. */
exports.READ = new ByPilotIds('partner-totals-read', connectedSql('c.pilot_account_id::text as account, v.*'));
/** Connection and which row the totals would come from: whether a kept answer still holds. */
exports.CHECK = new ByPilotIds('partner-totals-check', connectedSql('v.stream_version, v.projection_version, v.last_updated'));
/**
 * Whether the projection's row is older than totals the partner was already answered live (computed from
 * the write side before the projection had caught up): answering from it would take the partner back to
 * an older state of the pilot's logbook.
 */
function behindLiveAnswer(row) {
    return row.live_stream_version !== null && (row.stream_version ?? 0) < row.live_stream_version;
}
//# sourceMappingURL=pilot-totals.statements.js.map