import { invalidRequest } from '@pft/logbook';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { logbookStreamId, type StartingTotals } from '@pft/contracts';
import { decideSetStartingTotals, parseStartingTotals } from '@pft/logbook/domain';
import { CommandPipeline } from '@pft/event-store';
import { SetStartingTotalsCommand } from './set-starting-totals.command';
import { StartingTotalsRepository } from '@pft/logbook';

/** Starting totals live in the pilot's logbook stream; any valid set replaces the last, whatever it was. */
@CommandHandler(SetStartingTotalsCommand)
export class SetStartingTotalsHandler implements ICommandHandler<SetStartingTotalsCommand, StartingTotals> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly startingTotals: StartingTotalsRepository,
  ) {}

  async execute({ pilot, body, requestId }: SetStartingTotalsCommand): Promise<StartingTotals> {
    const parsed = parseStartingTotals(body);
    if (!parsed.ok) throw invalidRequest(parsed.issues);
    const startingTotals = parsed.value;
    await this.pipeline.handle({
      streamId: logbookStreamId(pilot),
      metadata: { request_id: requestId },
      load: () => Promise.resolve(undefined),
      decide: () => ({ events: decideSetStartingTotals(pilot, startingTotals) }),
      project: (tx) => this.startingTotals.save(tx, pilot, startingTotals),
    });
    return startingTotals;
  }
}
