import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { type CommandPipeline } from '@pft/event-store';
import { createPartner } from '@pft/partners';
import { onReplicaClock, withCommandPipeline, withPartnerReadRevision } from '@pft/testing';
import { ConsentRepository } from '../consent.repository';
import { DisconnectCommand } from './disconnect.command';
import { DisconnectHandler } from './disconnect.handler';

const HOUR_MS = 3_600_000;

/** DELETE /pilot/v1/connections/{id} on a real Postgres and Redis, from a replica whose clock is behind. */
describe('DisconnectHandler (Postgres): the clock a disconnect is dated by', () => {
  let ds: DataSource;
  let pipeline: CommandPipeline;
  withCommandPipeline(2, (...made) => ([ds, pipeline] = made));
  const partnerReadRevision = withPartnerReadRevision();

  const handler = (): DisconnectHandler =>
    new DisconnectHandler(pipeline, new ConsentRepository(), partnerReadRevision());

  it('is dated by the database’s clock, as the link was: never before the link or the last sharing change', async () => {
    const { partnerId } = await createPartner(ds, 'Ordered Air');
    const pilot = randomUUID();
    const connectionId = randomUUID();
    // Linked and its sharing stated just now, by the database's clock.
    await ds.query(
      `insert into connections (connection_id, partner_id, pilot_account_id, linked_at, shares_experience, sharing_stated_at)
       values ($1, $2, $3, date_trunc('milliseconds', now()), true, date_trunc('milliseconds', now()))`,
      [connectionId, partnerId, pilot],
    );

    await onReplicaClock(-HOUR_MS, () =>
      handler().execute(new DisconnectCommand(pilot, connectionId, 'req_disconnect')),
    );

    const [row] = await ds.query<
      { after_link: boolean; after_sharing: boolean; event_matches_row: boolean; events: number }[]
    >(
      `select c.disconnected_at >= c.linked_at as after_link,
              c.disconnected_at >= c.sharing_stated_at as after_sharing,
              (e.payload->>'disconnected_at')::timestamptz = c.disconnected_at as event_matches_row,
              (select count(*)::int from events where stream_id = $2) as events
         from connections c
         join events e on e.stream_id = $2 and e.type = 'PilotDisconnected'
        where c.connection_id = $1`,
      [connectionId, `consent-${pilot}`],
    );
    expect(row).toEqual({ after_link: true, after_sharing: true, event_matches_row: true, events: 1 });
  });
});
