import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * What the pilot shares with each partner beyond the lifetime totals (pilot experience, section 3).
 * `linking_codes.share_experience`: what a link made with the code shares. `connections.shares_experience`:
 * whether the connection shares the pilot's experience now, changed with ExperienceSharingChanged and
 * read by the partner API directly, like the rest of the row. Both default to false: consent is never
 * pre-ticked. Sandbox links share experience, those made before this migration included.
 *
 * Webhook endpoints that took every subscribable type (as one created without `events` does) take the
 * new type `pilot.sharing_updated` too: an endpoint created without `events` receives every type.
 * Adding columns with a constant default rewrites no table.
 */
export class ExperienceSharing1763806200000 implements MigrationInterface {
  name = 'ExperienceSharing1763806200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`alter table linking_codes add column share_experience boolean not null default false`);
    await q.query(`alter table connections add column shares_experience boolean not null default false`);
    await q.query(
      `update connections c set shares_experience = true
        where exists (select 1 from sandbox_pilots s where s.pilot_account_id = c.pilot_account_id)`,
    );
    await q.query(
      `update webhook_endpoints set events = events || array['pilot.sharing_updated']
        where events @> array['pilot.linked', 'pilot.disconnected', 'pilot_totals.updated']
          and not 'pilot.sharing_updated' = any(events)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`update webhook_endpoints set events = array_remove(events, 'pilot.sharing_updated')`);
    await q.query(`alter table connections drop column shares_experience`);
    await q.query(`alter table linking_codes drop column share_experience`);
  }
}
