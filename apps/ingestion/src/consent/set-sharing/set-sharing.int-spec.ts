import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { type CommandPipeline } from '@pft/event-store';
import { createPartner } from '@pft/partners';
import { onReplicaClock, withCommandPipeline, withPartnerReadRevision } from '@pft/testing';
import { ConsentRepository } from '../consent.repository';
import { SetSharingCommand } from './set-sharing.command';
import { SetSharingHandler } from './set-sharing.handler';

const HOUR_MS = 3_600_000;

/** PUT /pilot/v1/connections/{id}/sharing on a real Postgres and Redis. */
describe('SetSharingHandler (Postgres): when the pilot said what a connection shares', () => {
  let ds: DataSource;
  let pipeline: CommandPipeline;
  withCommandPipeline(2, (...made) => ([ds, pipeline] = made));
  const partnerReadRevision = withPartnerReadRevision();

  const handler = (): SetSharingHandler =>
    new SetSharingHandler(pipeline, new ConsentRepository(), ds, partnerReadRevision());

  it('is recorded even when nothing changes, so that a code given before it no longer decides', async () => {
    const { partnerId } = await createPartner(ds, 'Stated Air');
    const pilot = randomUUID();
    const connectionId = randomUUID();
    await ds.query(
      `insert into connections (connection_id, partner_id, pilot_account_id, linked_at, shares_experience, sharing_stated_at)
       values ($1, $2, $3, now() - interval '5 minutes', false, now() - interval '5 minutes')`,
      [connectionId, partnerId, pilot],
    );

    const answered = await handler().execute(
      new SetSharingCommand(pilot, connectionId, false, 'req_sharing'),
    );

    expect(answered.shared).toEqual(['totals']);
    const [row] = await ds.query<{ stated_recently: boolean; events: number }[]>(
      `select sharing_stated_at > now() - interval '1 minute' as stated_recently,
              (select count(*)::int from events where stream_id = $2) as events
         from connections where connection_id = $1`,
      [connectionId, `consent-${pilot}`],
    );
    expect(row).toEqual({ stated_recently: true, events: 0 });
  });

  it('dates the change by the database’s clock, as the link was, from a replica whose clock is behind', async () => {
    const { partnerId } = await createPartner(ds, 'Dated Air');
    const pilot = randomUUID();
    const connectionId = randomUUID();
    await ds.query(
      `insert into connections (connection_id, partner_id, pilot_account_id, linked_at, shares_experience, sharing_stated_at)
       values ($1, $2, $3, date_trunc('milliseconds', now()), false, now())`,
      [connectionId, partnerId, pilot],
    );

    await onReplicaClock(-HOUR_MS, () =>
      handler().execute(new SetSharingCommand(pilot, connectionId, true, 'req_sharing')),
    );

    // The partner's pilot.sharing_updated (the event's changed_at) comes after pilot.linked, and is the
    // time codes' issue is compared with (sharing_stated_at).
    const [row] = await ds.query<{ after_link: boolean; event_matches_row: boolean }[]>(
      `select (e.payload->>'changed_at')::timestamptz >= c.linked_at as after_link,
              (e.payload->>'changed_at')::timestamptz = c.sharing_stated_at as event_matches_row
         from connections c
         join events e on e.stream_id = $2 and e.type = 'ExperienceSharingChanged'
        where c.connection_id = $1`,
      [connectionId, `consent-${pilot}`],
    );
    expect(row).toEqual({ after_link: true, event_matches_row: true });
  });
});
