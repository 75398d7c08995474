"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.GetPilotTotalsQuery = void 0;
/** The totals of one pilot, as the calling partner may see them. */
class GetPilotTotalsQuery {
    partnerId;
    pilotId;
    readRevision;
    sandbox;
    constructor(partnerId, 
    /** Lower-case UUID. */
    pilotId, 
    /** The partner read revision when the request was let in (see TotalsReadCache). */
    readRevision = null, 
    /** A sandbox key's read: not recorded in the access history. */
    sandbox = false) {
        this.partnerId = partnerId;
        this.pilotId = pilotId;
        this.readRevision = readRevision;
        this.sandbox = sandbox;
    }
}
exports.GetPilotTotalsQuery = GetPilotTotalsQuery;
//# sourceMappingURL=get-pilot-totals.query.js.map