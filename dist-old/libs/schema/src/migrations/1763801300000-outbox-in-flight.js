"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.OutboxInFlight1763801300000 = void 0;
/**
 * Outbox rows marked in flight (outbox-relay.ts): before a batch goes to Kafka, the relay writes
 * its fencing token (`sent_token`) and the database's time (`sent_at`) into the batch's rows. A row
 * without a mark cannot be on the topic; a marked one may be, and is looked for there before it is
 * sent again, so that each event is published once.
 */
class OutboxInFlight1763801300000 {
    name = 'OutboxInFlight1763801300000';
    async up(q) {
        await q.query('alter table event_outbox add column sent_token bigint, add column sent_at timestamptz');
    }
    async down(q) {
        await q.query('alter table event_outbox drop column sent_token, drop column sent_at');
    }
}
exports.OutboxInFlight1763801300000 = OutboxInFlight1763801300000;
//# sourceMappingURL=1763801300000-outbox-in-flight.js.map