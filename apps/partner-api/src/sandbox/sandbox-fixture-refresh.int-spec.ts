import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { type Flight } from '@pft/contracts';
import { type CommandPipeline } from '@pft/event-store';
import { amendFlight, FlightsRepository } from '@pft/logbook';
import { createPartner } from '@pft/partners';
import { sandboxFixture } from '@pft/partners/domain';
import { withCommandPipeline } from '@pft/testing';
import { RedeemSandboxCodeHandler } from './redeem-sandbox-code/redeem-sandbox-code.handler';
import { RedeemSandboxCodeCommand } from './redeem-sandbox-code/redeem-sandbox-code.command';
import { ResetSandboxPilotHandler } from './reset-sandbox-pilot/reset-sandbox-pilot.handler';
import { ResetSandboxPilotCommand } from './reset-sandbox-pilot/reset-sandbox-pilot.command';
import { SandboxLogbook } from './sandbox-logbook';

/**
 * A sandbox pilot whose fixture flights were recorded as an earlier release's fixture had them (the
 * fixtures changed since: richer records): a redemption and a reset show the fixture as it is now.
 */
describe('sandbox fixture pilots recorded from an earlier fixture (Postgres)', () => {
  let ds: DataSource;
  let pipeline: CommandPipeline;
  const flights = new FlightsRepository();
  withCommandPipeline(4, (...made) => ([ds, pipeline] = made));

  const student = sandboxFixture(1);
  const code = student.code;

  /** The student as an earlier fixture had the last flights: without night time, approaches or holds. */
  const earlier = (flight: Flight): Flight => {
    const { takeoffs: _takeoffs, approaches: _approaches, holds: _holds, ...rest } = flight;
    return {
      ...rest,
      minutes: { ...flight.minutes, night: 0 },
      landings: { day: flight.landings.day, night: 0 },
    };
  };

  /** A sandbox linked to the student, its logbook then made as the earlier fixture left it. */
  async function linkedToEarlierStudent(): Promise<{ partnerId: string; pilotId: string; pilot: string }> {
    const { partnerId } = await createPartner(ds, `Sandbox ${randomUUID()}`);
    const redeem = new RedeemSandboxCodeHandler(ds, pipeline, new SandboxLogbook(pipeline));
    const { pilot_id: pilotId } = await redeem.execute(
      new RedeemSandboxCodeCommand(partnerId, code, 'req-1'),
    );
    const [row] = await ds.query<{ pilot: string }[]>(
      'select pilot_account_id::text as pilot from sandbox_pilots where partner_id = $1',
      [partnerId],
    );
    const pilot = row!.pilot;
    for (const flight of student.flights.slice(-3)) {
      await amendFlight(pipeline, flights, {
        pilot,
        flightId: flight.flight_id,
        flight: earlier(flight),
        requestId: 'req-earlier',
      });
    }
    expect(await recorded(pilot)).not.toEqual(byId(student.flights));
    return { partnerId, pilotId, pilot };
  }

  const byId = (list: readonly Flight[]): Flight[] =>
    [...list].sort((a, b) => a.flight_id.localeCompare(b.flight_id));
  const recorded = async (pilot: string): Promise<Flight[]> => byId(await flights.current(ds, pilot));

  it('puts a reset pilot back to the fixture as it is now', async () => {
    const { partnerId, pilotId, pilot } = await linkedToEarlierStudent();
    const reset = new ResetSandboxPilotHandler(ds, new SandboxLogbook(pipeline));
    await expect(reset.execute(new ResetSandboxPilotCommand(partnerId, pilotId, 'req-2'))).resolves.toEqual({
      pilot_id: pilotId,
      fixture: code,
    });
    expect(await recorded(pilot)).toEqual(byId(student.flights));
  });

  it('shows the fixture as it is now when the code is redeemed again', async () => {
    const { partnerId, pilotId, pilot } = await linkedToEarlierStudent();
    const redeem = new RedeemSandboxCodeHandler(ds, pipeline, new SandboxLogbook(pipeline));
    await expect(redeem.execute(new RedeemSandboxCodeCommand(partnerId, code, 'req-3'))).resolves.toEqual({
      pilot_id: pilotId,
    });
    expect(await recorded(pilot)).toEqual(byId(student.flights));
  });
});
