"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PilotDataKeys1763804500000 = void 0;
/**
 * Crypto-shredding and account erasure (docs/privacy.md).
 *
 * `data_keys`: one AES-256 data key per pilot account (`subject_id`), wrapped with the master key
 * (`master_key_id` is its fingerprint, so a rotation finds the keys still under an old one). Kept apart
 * from `events`: the payloads of the pilot's logbook events are sealed with it, and deleting the row is
 * what erases them. A pilot who comes back gets a new key with a new id.
 *
 * `require_data_key(key_id)`: raised inside the append statement when the key it seals with is gone
 * (a writer's memory of it outlived an erasure), so no event is stored under a destroyed key. It
 * holds the key row (`for key share`) until the append's transaction ends, so an erasure destroying the
 * key waits for appends in flight.
 *
 * `account_erasures`: the erasures asked for (`DELETE /pilot/v1/account`) and worked by the ingestion
 * app, step by step, until `completed_at`; the steps done are recorded so a restart resumes, and
 * `claimed_until` is the hold of the worker at it (another takes it over when it lapses). While one
 * is pending no data key can be made for the account (`data_keys_refused_during_erasure`): a write that
 * was under way when the erasure began cannot start the account again under a new key.
 */
class PilotDataKeys1763804500000 {
    name = 'PilotDataKeys1763804500000';
    async up(q) {
        await q.query(`
      create table data_keys (
        key_id         uuid primary key,
        subject_id     uuid not null unique,
        wrapped_key    bytea not null,
        master_key_id  text not null,
        created_at     timestamptz not null default now()
      )`);
        await q.query(`
      create function require_data_key(wanted uuid) returns boolean language plpgsql as $$
      begin
        perform 1 from data_keys where key_id = wanted for key share;
        if not found then
          raise exception 'data key % is gone', wanted using errcode = 'P0002', hint = 'pft:data-key-gone';
        end if;
        return true;
      end $$`);
        await q.query(`
      create table account_erasures (
        pilot_account_id  uuid primary key,
        requested_at      timestamptz not null default now(),
        request_id        text,
        steps_done        text[] not null default '{}',
        attempts          integer not null default 0,
        last_error        text,
        claimed_until     timestamptz,
        completed_at      timestamptz
      )`);
        await q.query(`create index account_erasures_pending on account_erasures (requested_at) where completed_at is null`);
        await q.query(`
      create function refuse_data_key_during_erasure() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from account_erasures where pilot_account_id = new.subject_id and completed_at is null) then
          raise exception 'account % is being erased', new.subject_id using errcode = 'PT410';
        end if;
        return new;
      end $$`);
        await q.query(`
      create trigger data_keys_refused_during_erasure before insert on data_keys
        for each row execute function refuse_data_key_during_erasure()`);
    }
    async down(q) {
        await q.query('drop table data_keys');
        await q.query('drop function refuse_data_key_during_erasure()');
        await q.query('drop table account_erasures');
        await q.query('drop function require_data_key(uuid)');
    }
}
exports.PilotDataKeys1763804500000 = PilotDataKeys1763804500000;
//# sourceMappingURL=1763804500000-pilot-data-keys.js.map