"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AccessHistory1763804000000 = void 0;
/**
 * Access history (pilot web app, section 3): `partner_reads` counts a partner's reads of a pilot's
 * totals per UTC day, with the time of the last. Partner API replicas add their counts to it in batches
 * (an additive upsert); links and disconnects are not copied here, they are the `connections` rows. The
 * key leads with the pilot: the pilot's history and its erasure read and delete one range.
 */
class AccessHistory1763804000000 {
    name = 'AccessHistory1763804000000';
    async up(q) {
        await q.query(`
      create table partner_reads (
        pilot_account_id  uuid not null,
        partner_id        uuid not null references partners (partner_id),
        day               date not null,
        reads             bigint not null check (reads > 0),
        last_at           timestamptz not null,
        primary key (pilot_account_id, partner_id, day)
      )`);
        // All of a pilot's connections, ended ones too: the history shows every link and disconnect.
        await q.query(`create index connections_all_by_pilot on connections (pilot_account_id, linked_at)`);
    }
    async down(q) {
        await q.query('drop index if exists connections_all_by_pilot');
        await q.query('drop table if exists partner_reads');
    }
}
exports.AccessHistory1763804000000 = AccessHistory1763804000000;
//# sourceMappingURL=1763804000000-access-history.js.map