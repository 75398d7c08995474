import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { sandboxFixture } from '@pft/partners/domain';
import { SandboxLogbook } from '../sandbox-logbook';
import { SandboxPilotsRepository } from '../sandbox-pilots.repository';
import { ResetSandboxPilotCommand, type ResetSandboxPilotResult } from './reset-sandbox-pilot.command';

/**
 * In place, through the write path: the `pilot_id` stays, the simulated flights are deleted by
 * FlightDeleted events, and the totals follow through the projector as any deletion's do.
 */
@CommandHandler(ResetSandboxPilotCommand)
export class ResetSandboxPilotHandler implements ICommandHandler<
  ResetSandboxPilotCommand,
  ResetSandboxPilotResult
> {
  private readonly sandboxPilots = new SandboxPilotsRepository();

  constructor(
    private readonly dataSource: DataSource,
    private readonly logbook: SandboxLogbook,
  ) {}

  async execute({
    partnerId,
    pilotId,
    requestId,
  }: ResetSandboxPilotCommand): Promise<ResetSandboxPilotResult> {
    const pilot = await this.sandboxPilots.ofPilotId(this.dataSource, partnerId, pilotId);
    const fixture = sandboxFixture(pilot.fixture);
    await this.logbook.resetToFixture(pilot.pilotAccountId, fixture, requestId);
    return { pilot_id: pilotId, fixture: fixture.code };
  }
}
