"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.readProjectionVersions = readProjectionVersions;
exports.beginRebuild = beginRebuild;
exports.switchToVersion = switchToVersion;
exports.dropVersion = dropVersion;
const projection_tables_1 = require("./projection-tables");
async function readProjectionVersions(q) {
    const [row] = (await q.query(`select active_version, building_version, switched_at from projection_versions where projection = $1`, [projection_tables_1.PILOT_TOTALS_PROJECTION]));
    if (!row)
        throw new Error(`projection ${projection_tables_1.PILOT_TOTALS_PROJECTION} is missing: run the migrations`);
    return { active: row.active_version, building: row.building_version, switchedAt: row.switched_at };
}
/** The version a rebuild writes: the one already being built (to resume it), or a new one with empty tables. */
async function beginRebuild(dataSource) {
    return dataSource.transaction(async (tx) => {
        await tx.query(`select 1 from projection_versions where projection = $1 for update`, [
            projection_tables_1.PILOT_TOTALS_PROJECTION,
        ]);
        const { active, building } = await readProjectionVersions(tx);
        const version = building ?? active + 1;
        for (const sql of (0, projection_tables_1.createProjectionTablesSql)(version))
            await tx.query(sql);
        if (building === null) {
            await tx.query(`update projection_versions set building_version = $2 where projection = $1`, [
                projection_tables_1.PILOT_TOTALS_PROJECTION,
                version,
            ]);
        }
        return { version, resumed: building !== null };
    });
}
/**
 * Readers move to `version` in one transaction: the version row and the view they read change
 * together, so a read sees the old version or the new one, never a mix. Batches of the old
 * version hold a share lock on the version row, so the switch waits for the one in flight.
 */
async function switchToVersion(dataSource, version) {
    return dataSource.transaction(async (tx) => {
        await tx.query(`select 1 from projection_versions where projection = $1 for update`, [
            projection_tables_1.PILOT_TOTALS_PROJECTION,
        ]);
        const { active, building } = await readProjectionVersions(tx);
        if (building !== version)
            throw new Error(`version ${version} is not the one being built (${String(building)})`);
        await tx.query(`update projection_versions set active_version = $2, building_version = null, switched_at = now()
        where projection = $1`, [projection_tables_1.PILOT_TOTALS_PROJECTION, version]);
        await tx.query((0, projection_tables_1.activeViewSql)(version));
        return active;
    });
}
/** Drops a version's tables and offsets once nothing reads or writes them any more. */
async function dropVersion(dataSource, version) {
    const { active, building } = await readProjectionVersions(dataSource);
    if (version === active || version === building)
        throw new Error(`version ${version} is in use`);
    await dataSource.transaction(async (tx) => {
        for (const sql of (0, projection_tables_1.dropProjectionTablesSql)(version))
            await tx.query(sql);
        await tx.query(`delete from projection_offsets where projection = $1 and version = $2`, [
            projection_tables_1.PILOT_TOTALS_PROJECTION,
            version,
        ]);
    });
}
//# sourceMappingURL=projection-versions.js.map