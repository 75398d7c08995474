"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ConnectionsByPartner1763801500000 = void 0;
/**
 * A partner's active connections in the order `GET /v1/pilots` pages through them (linked_at, then
 * connection_id, the partner's `pilot_id`): each page is one range scan after the previous page's last
 * key, whatever the number of the partner's pilots.
 */
class ConnectionsByPartner1763801500000 {
    name = 'ConnectionsByPartner1763801500000';
    async up(q) {
        await q.query(`create index connections_active_by_partner on connections (partner_id, linked_at, connection_id)
        where disconnected_at is null`);
    }
    async down(q) {
        await q.query('drop index if exists connections_active_by_partner');
    }
}
exports.ConnectionsByPartner1763801500000 = ConnectionsByPartner1763801500000;
//# sourceMappingURL=1763801500000-connections-by-partner.js.map