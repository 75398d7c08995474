"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ListLinkedPilotsQuery = void 0;
/** One page of the calling partner's currently linked pilots, by linked_at then pilot_id. */
class ListLinkedPilotsQuery {
    partnerId;
    limit;
    after;
    constructor(partnerId, 
    /** 1 to 200. */
    limit, 
    /** The last pilot of the previous page; null for the first page. */
    after) {
        this.partnerId = partnerId;
        this.limit = limit;
        this.after = after;
    }
}
exports.ListLinkedPilotsQuery = ListLinkedPilotsQuery;
//# sourceMappingURL=list-linked-pilots.query.js.map