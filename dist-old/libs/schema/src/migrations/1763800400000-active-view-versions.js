"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ActiveViewVersions1763800400000 = void 0;
const projection_tables_1 = require("../../../projections/src/projection-tables.js");
const projection_versions_1 = require("../../../projections/src/projection-versions.js");
/**
 * The partner API's view of the active pilot totals version gains, as its last columns, each row's
 * stream version and projection version (see activeViewSql). Replaced in place: the columns before
 * them are unchanged, so readers of the old columns go on as they were.
 */
class ActiveViewVersions1763800400000 {
    name = 'ActiveViewVersions1763800400000';
    async up(q) {
        const { active } = await (0, projection_versions_1.readProjectionVersions)(q);
        await q.query((0, projection_tables_1.activeViewSql)(active));
    }
    async down(q) {
        const { active } = await (0, projection_versions_1.readProjectionVersions)(q);
        // A view cannot lose columns in place: made again without the last two (the migrations test
        // checks the columns after undoing this).
        const withoutVersions = (0, projection_tables_1.activeViewSql)(active)
            .replace('create or replace view', 'create view')
            .replace(/,\s*t\.stream_version, \d+ as projection_version/, '');
        await q.query(`drop view if exists ${projection_tables_1.ACTIVE_TOTALS_VIEW}`);
        await q.query(withoutVersions);
    }
}
exports.ActiveViewVersions1763800400000 = ActiveViewVersions1763800400000;
//# sourceMappingURL=1763800400000-active-view-versions.js.map