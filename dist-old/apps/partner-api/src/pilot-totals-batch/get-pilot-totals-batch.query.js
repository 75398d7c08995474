"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.GetPilotTotalsBatchQuery = void 0;
/** The totals of up to 50 pilots at once, as the calling partner may see them. */
class GetPilotTotalsBatchQuery {
    partnerId;
    pilotIds;
    readRevision;
    sandbox;
    constructor(partnerId, 
    /** Lower-case UUIDs, distinct, in the order of first occurrence in the request. */
    pilotIds, 
    /** The partner read revision when the request was let in (see TotalsReadCache). */
    readRevision = null, 
    /** A sandbox key's read: not recorded in the access history. */
    sandbox = false) {
        this.partnerId = partnerId;
        this.pilotIds = pilotIds;
        this.readRevision = readRevision;
        this.sandbox = sandbox;
    }
}
exports.GetPilotTotalsBatchQuery = GetPilotTotalsBatchQuery;
//# sourceMappingURL=get-pilot-totals-batch.query.js.map