"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Sandbox1763803000000 = void 0;
/**
 * The sandbox. A partner account's sandbox is a partner account of its own (`sandbox_of` names the live
 * one; at most one each): sandbox keys belong to it, so its connections, idempotency keys and everything
 * else keyed by partner are apart from the live account's in both directions by the same rule that keeps
 * two partners apart. `sandbox_pilots`: the pilot account made for each (sandbox account, fixture) on its
 * first redemption, whose logbook is the fixture's flights recorded through the write path; `seeded_at`
 * is set once they all are (until then a redemption records whatever is missing).
 */
class Sandbox1763803000000 {
    name = 'Sandbox1763803000000';
    async up(q) {
        await q.query(`alter table partners add column sandbox_of uuid unique references partners (partner_id)`);
        await q.query(`
      create table sandbox_pilots (
        partner_id        uuid not null references partners (partner_id),
        fixture           smallint not null check (fixture between 1 and 9),
        pilot_account_id  uuid not null unique,
        created_at        timestamptz not null default now(),
        seeded_at         timestamptz,
        primary key (partner_id, fixture)
      )`);
    }
    async down(q) {
        await q.query('drop table if exists sandbox_pilots');
        await q.query('alter table partners drop column if exists sandbox_of');
    }
}
exports.Sandbox1763803000000 = Sandbox1763803000000;
//# sourceMappingURL=1763803000000-sandbox.js.map