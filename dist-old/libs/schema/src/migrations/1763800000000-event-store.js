"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.EventStore1763800000000 = void 0;
/**
 * The append-only event store, its outbox, and the write-side tables that commands are decided on.
 * The outbox holds a row per committed event not yet published: the relay publishes and deletes them,
 * so an event whose transaction commits late (a smaller position committing after a larger one)
 * is still found, never skipped.
 */
class EventStore1763800000000 {
    name = 'EventStore1763800000000';
    async up(q) {
        await q.query(`
      create table events (
        position        bigint generated always as identity primary key,
        event_id        uuid not null unique,
        stream_id       text not null,
        stream_version  integer not null check (stream_version > 0),
        type            text not null,
        schema_version  smallint not null check (schema_version > 0),
        payload         jsonb not null,
        metadata        jsonb not null default '{}'::jsonb,
        occurred_at     timestamptz not null default now(),
        constraint events_stream_version_unique unique (stream_id, stream_version)
      )`);
        await q.query(`
      create table event_outbox (
        position  bigint primary key references events (position)
      )`);
        await q.query(`
      create table flights (
        pilot_account_id  uuid not null,
        flight_id         uuid not null,
        flight            jsonb not null,
        flight_date       date not null,
        deleted_at        timestamptz,
        recorded_at       timestamptz not null,
        updated_at        timestamptz not null,
        primary key (pilot_account_id, flight_id)
      )`);
        await q.query(`create index flights_listing on flights (pilot_account_id, flight_date desc, flight_id desc) where deleted_at is null`);
        await q.query(`
      create table starting_totals (
        pilot_account_id  uuid primary key,
        starting_totals   jsonb not null,
        updated_at        timestamptz not null
      )`);
        await q.query(`
      create table partners (
        partner_id  uuid primary key,
        name        text not null check (length(name) between 1 and 200),
        created_at  timestamptz not null default now()
      )`);
        await q.query(`
      create table api_keys (
        key_id       uuid primary key,
        prefix       text not null unique,
        secret_hash  bytea not null,
        partner_id   uuid not null references partners (partner_id),
        scopes       text[] not null,
        rate_limit   integer not null check (rate_limit > 0),
        created_at   timestamptz not null default now(),
        revoked_at   timestamptz
      )`);
        await q.query(`
      create table linking_codes (
        code_hash         bytea primary key,
        pilot_account_id  uuid not null,
        issued_at         timestamptz not null,
        expires_at        timestamptz not null,
        used_at           timestamptz,
        used_by_partner   uuid references partners (partner_id)
      )`);
        await q.query(`create index linking_codes_unexpired on linking_codes (pilot_account_id, expires_at) where used_at is null`);
        await q.query(`
      create table connections (
        connection_id     uuid primary key,
        partner_id        uuid not null references partners (partner_id),
        pilot_account_id  uuid not null,
        linked_at         timestamptz not null,
        disconnected_at   timestamptz
      )`);
        await q.query(`create unique index connections_one_active_per_partner on connections (partner_id, pilot_account_id) where disconnected_at is null`);
        await q.query(`create index connections_by_pilot on connections (pilot_account_id) where disconnected_at is null`);
    }
    async down(q) {
        for (const table of [
            'connections',
            'linking_codes',
            'api_keys',
            'partners',
            'starting_totals',
            'flights',
            'event_outbox',
            'events',
        ]) {
            await q.query(`drop table if exists ${table}`);
        }
    }
}
exports.EventStore1763800000000 = EventStore1763800000000;
//# sourceMappingURL=1763800000000-event-store.js.map