import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { todayUtc } from '@pft/platform';
import { parseFlight } from '@pft/logbook/domain';
import { invalidRequest } from '@pft/logbook';
import { SandboxLogbook } from '../sandbox-logbook';
import { SandboxPilotsRepository } from '../sandbox-pilots.repository';
import { SimulateFlightCommand, type SimulateFlightResult } from './simulate-flight.command';

/** Validation (400) before lookup (404), as on every endpoint; then the pilot app's own write path. */
@CommandHandler(SimulateFlightCommand)
export class SimulateFlightHandler implements ICommandHandler<SimulateFlightCommand, SimulateFlightResult> {
  private readonly sandboxPilots = new SandboxPilotsRepository();

  constructor(
    private readonly dataSource: DataSource,
    private readonly logbook: SandboxLogbook,
  ) {}

  async execute({
    partnerId,
    pilotId,
    body,
    requestId,
  }: SimulateFlightCommand): Promise<SimulateFlightResult> {
    const parsed = parseFlight(body, todayUtc());
    if (!parsed.ok) throw invalidRequest(parsed.issues);
    const pilot = await this.sandboxPilots.ofPilotId(this.dataSource, partnerId, pilotId);
    return this.logbook.recordFlight(pilot.pilotAccountId, parsed.value, requestId);
  }
}
