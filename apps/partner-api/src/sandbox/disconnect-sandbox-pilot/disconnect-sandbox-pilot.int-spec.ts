import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { type CommandPipeline } from '@pft/event-store';
import { createPartner } from '@pft/partners';
import { sandboxFixture } from '@pft/partners/domain';
import { onReplicaClock, withCommandPipeline, withPartnerReadRevision } from '@pft/testing';
import { RedeemSandboxCodeCommand } from '../redeem-sandbox-code/redeem-sandbox-code.command';
import { RedeemSandboxCodeHandler } from '../redeem-sandbox-code/redeem-sandbox-code.handler';
import { SandboxLogbook } from '../sandbox-logbook';
import { DisconnectSandboxPilotCommand } from './disconnect-sandbox-pilot.command';
import { DisconnectSandboxPilotHandler } from './disconnect-sandbox-pilot.handler';

const HOUR_MS = 3_600_000;

/** POST /v1/sandbox/pilots/{id}/disconnect on a real Postgres and Redis, from a replica whose clock is behind. */
describe('DisconnectSandboxPilotHandler (Postgres): the clock a sandbox disconnect is dated by', () => {
  let ds: DataSource;
  let pipeline: CommandPipeline;
  withCommandPipeline(2, (...made) => ([ds, pipeline] = made));
  const partnerReadRevision = withPartnerReadRevision();

  it('is dated by the database’s clock, as the link was: never before the link, the same time in the event, the row and the answer', async () => {
    const { partnerId } = await createPartner(ds, `Sandbox ${randomUUID()}`);
    const redeem = new RedeemSandboxCodeHandler(ds, pipeline, new SandboxLogbook(pipeline));
    const { pilot_id: pilotId } = await redeem.execute(
      new RedeemSandboxCodeCommand(partnerId, sandboxFixture(1).code, 'req_link'),
    );
    const disconnect = new DisconnectSandboxPilotHandler(ds, pipeline, partnerReadRevision());

    const answer = await onReplicaClock(-HOUR_MS, () =>
      disconnect.execute(new DisconnectSandboxPilotCommand(partnerId, pilotId, 'req_end')),
    );

    const [row] = await ds.query<{ after_link: boolean; event_matches_row: boolean; answered: string }[]>(
      `select c.disconnected_at >= date_trunc('milliseconds', c.linked_at) as after_link,
              (e.payload->>'disconnected_at')::timestamptz = c.disconnected_at as event_matches_row,
              to_char(c.disconnected_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as answered
         from connections c
         join events e on e.type = 'PilotDisconnected' and e.payload->>'connection_id' = c.connection_id::text
        where c.connection_id = $1`,
      [pilotId],
    );
    expect(row).toEqual({ after_link: true, event_matches_row: true, answered: answer.disconnected_at });
  });
});
