"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Webhooks1763803500000 = void 0;
/**
 * Webhooks (partner platform, section 4).
 *
 * `webhook_endpoints`: a partner's endpoints (`we_<ULID>`), the events each takes, its status, and its
 * secret; after a rotation the previous secret signs too until `previous_secret_until`. The secrets
 * are kept as they are: signing needs them. `failing_since` is the first failed attempt after the last
 * success: an endpoint failing for WEBHOOK_DISABLE_AFTER_MS is disabled.
 *
 * `webhook_deliveries`: the durable queue and the delivery log, one row per event and endpoint, written
 * before any attempt. `body` is the request body, the same bytes on every attempt. `source_key` makes
 * the dispatcher's writes idempotent (a pilot event consumed twice adds nothing). Per endpoint and
 * `ordering_key` (the partner's `pilot_id`) deliveries go out in `delivery_id` order; `claimed_until`
 * is a dispatcher's lease on the row while it attempts it, so that a dispatcher that dies mid-attempt
 * leaves it to be tried again.
 *
 * `webhook_totals_changes`: per pilot account, the logbook stream version up to which totals changed
 * and the one partners were last told of, with when: `pilot_totals.updated` is coalesced from it.
 */
class Webhooks1763803500000 {
    name = 'Webhooks1763803500000';
    async up(q) {
        await q.query(`
      create table webhook_endpoints (
        endpoint_id            text primary key,
        partner_id             uuid not null references partners (partner_id),
        url                    text not null,
        events                 text[] not null,
        status                 text not null check (status in ('enabled', 'disabled', 'deleted')),
        created_at             timestamptz not null default now(),
        disabled_at            timestamptz,
        disabled_reason        text,
        deleted_at             timestamptz,
        secret                 text not null,
        previous_secret        text,
        previous_secret_until  timestamptz,
        failing_since          timestamptz
      )`);
        await q.query(`create index webhook_endpoints_by_partner on webhook_endpoints (partner_id, created_at) where status <> 'deleted'`);
        await q.query(`
      create table webhook_deliveries (
        delivery_id           bigint generated always as identity primary key,
        endpoint_id           text not null references webhook_endpoints (endpoint_id),
        event_id              text not null,
        type                  text not null,
        created_at            timestamptz not null,
        body                  text not null,
        ordering_key          text not null,
        source_key            text not null,
        status                text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
        attempts              integer not null default 0,
        next_attempt_at       timestamptz,
        claimed_until         timestamptz,
        last_attempt_at       timestamptz,
        last_response_status  integer,
        last_error            text,
        delivered_at          timestamptz,
        constraint webhook_deliveries_once unique (endpoint_id, source_key)
      )`);
        await q.query(`create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending'`);
        await q.query(`create index webhook_deliveries_in_order on webhook_deliveries (endpoint_id, ordering_key, delivery_id)
        where status = 'pending'`);
        await q.query(`create index webhook_deliveries_log on webhook_deliveries (endpoint_id, delivery_id desc)`);
        await q.query(`create index webhook_deliveries_by_event on webhook_deliveries (event_id)`);
        await q.query(`
      create table webhook_totals_changes (
        pilot_account_id  uuid primary key,
        changed_version   integer not null,
        notified_version  integer not null default 0,
        notified_at       timestamptz
      )`);
        await q.query(`create index webhook_totals_changes_due on webhook_totals_changes (pilot_account_id)
        where changed_version > notified_version`);
    }
    async down(q) {
        for (const table of ['webhook_totals_changes', 'webhook_deliveries', 'webhook_endpoints'])
            await q.query(`drop table if exists ${table}`);
    }
}
exports.Webhooks1763803500000 = Webhooks1763803500000;
//# sourceMappingURL=1763803500000-webhooks.js.map