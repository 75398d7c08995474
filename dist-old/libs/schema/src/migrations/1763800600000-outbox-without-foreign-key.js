"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.OutboxWithoutForeignKey1763800600000 = void 0;
/**
 * The outbox loses its foreign key to the events. Its rows are written only by the append, from the
 * positions of the events the same statement inserts (event-store.ts), and events are never deleted,
 * so the key could never fail; checking it cost a look-up per row, about 8% of Postgres's time during
 * logbook imports (a thousand rows each).
 */
class OutboxWithoutForeignKey1763800600000 {
    name = 'OutboxWithoutForeignKey1763800600000';
    async up(q) {
        await q.query('alter table event_outbox drop constraint event_outbox_position_fkey');
    }
    async down(q) {
        await q.query('alter table event_outbox add constraint event_outbox_position_fkey foreign key (position) references events (position)');
    }
}
exports.OutboxWithoutForeignKey1763800600000 = OutboxWithoutForeignKey1763800600000;
//# sourceMappingURL=1763800600000-outbox-without-foreign-key.js.map