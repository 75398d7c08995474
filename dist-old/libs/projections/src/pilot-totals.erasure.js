"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.deletePilotProjection = deletePilotProjection;
const pilot_totals_store_1 = require("./pilot-totals.store");
const projection_versions_1 = require("./projection-versions");
/**
 * Deletes a pilot's rows from every version of the projection being read or built, at once, for an
 * account erasure: the projector deletes them too when it folds AccountErased, but it may be down or
 * behind, and the erasure's promise does not wait for it.
 */
async function deletePilotProjection(q, pilotAccountId) {
    const { active, building } = await (0, projection_versions_1.readProjectionVersions)(q);
    for (const version of building === null ? [active] : [active, building]) {
        await (0, pilot_totals_store_1.deleteErasedPilots)(q, version, [pilotAccountId]);
    }
}
//# sourceMappingURL=pilot-totals.erasure.js.map