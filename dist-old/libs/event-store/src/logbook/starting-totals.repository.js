"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.StartingTotalsRepository = void 0;
const rows_of_1 = require("../../../platform/src/database/rows-of.js");
/** The `starting_totals` table: each pilot's latest StartingTotalsSet, changed in the same transaction. */
class StartingTotalsRepository {
    async save(runner, pilot, startingTotals) {
        await runner.query(`insert into starting_totals (pilot_account_id, starting_totals, updated_at) values ($1, $2::jsonb, now())
       on conflict (pilot_account_id) do update set starting_totals = excluded.starting_totals, updated_at = now()`, [pilot, JSON.stringify(startingTotals)]);
    }
    async find(runner, pilot) {
        const rows = (0, rows_of_1.rowsOf)(await runner.query('select starting_totals from starting_totals where pilot_account_id = $1', [pilot]));
        return rows[0]?.starting_totals ?? null;
    }
}
exports.StartingTotalsRepository = StartingTotalsRepository;
//# sourceMappingURL=starting-totals.repository.js.map