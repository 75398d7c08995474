import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CheckRecorded, type CheckToRecord } from '@pft/partners';
import { experienceNotShared, MAX_REQUIREMENT_CHECKS_PER_DAY, pilotNotLinked } from '@pft/partners/domain';
import { RateClock } from '@pft/partners/rate-limits/rate-clock';
import { PilotExperienceReadModel } from '@pft/totals';
import { checkRequirements, type RequirementCheckAnswer } from '@pft/totals/domain';
import { IdempotencyStore, keptSuccess } from '../idempotency/idempotency.store';
import { CHECKED_STATUS, CheckPilotRequirementsCommand } from './check-pilot-requirements.command';
import { dailyLimitReached } from './daily-limit';
import { RequirementCheckRecorder } from './requirement-check-recorder';

/**
 * Order of checks after the input: the lookup (404), the pilot's sharing (403), then the day's limit
 * (429). The verdicts come from the experience the experience read answers (the same read model and
 * projection), so a verdict never disagrees with a figure. The check is recorded in the pilot's access
 * history, and counted, before it is answered (with the other checks of its event-loop turn, in one
 * transaction); a refused check is neither. A check sent under an `Idempotency-Key` is recorded alone,
 * its answer kept under the key in the same transaction.
 */
@CommandHandler(CheckPilotRequirementsCommand)
export class CheckPilotRequirementsHandler implements ICommandHandler<
  CheckPilotRequirementsCommand,
  RequirementCheckAnswer
> {
  constructor(
    private readonly reader: PilotExperienceReadModel,
    private readonly recorder: RequirementCheckRecorder,
    private readonly clock: RateClock,
    private readonly idempotency: IdempotencyStore,
  ) {}

  async execute(command: CheckPilotRequirementsCommand): Promise<RequirementCheckAnswer> {
    const { partnerId, pilotId, asOf } = command;
    const found = (await this.reader.read(partnerId, [pilotId], asOf, command.readRevision)).get(pilotId);
    // Never linked, disconnected, or another partner's: the same answer, so nothing leaks.
    if (!found || found.state === 'not_linked') throw pilotNotLinked();
    if (found.state === 'not_shared') throw experienceNotShared();
    const answer = checkRequirements(pilotId, command.requirements, found.answer);
    // Its day (and time) is the database's, the one clock of every replica: the limit stays exact at midnight.
    const check: CheckToRecord = {
      connectionId: pilotId,
      partnerId,
      perDay: MAX_REQUIREMENT_CHECKS_PER_DAY,
      entry: { as_of: asOf, requirements: [...command.sent] },
      clockOffsetMs: this.clock.offsetMs(),
    };
    const { claim } = command;
    // Under an Idempotency-Key the answer is kept with the record: a retry after a lost answer, or after
    // this replica's death, replays it and is never counted again.
    const recorded = claim
      ? await this.recorder.recordWith(check, (tx) =>
          this.idempotency.completeWithin(tx, claim, keptSuccess(CHECKED_STATUS, answer)),
        )
      : await this.recorder.record(check);
    refuseUnrecorded(recorded);
    return answer;
  }
}

/** A check not recorded is not answered: the pilot disconnected or stopped sharing meanwhile, or the day's checks are used up. */
function refuseUnrecorded(recorded: CheckRecorded): void {
  switch (recorded.outcome) {
    case 'recorded':
      return;
    case 'not_linked':
      throw pilotNotLinked();
    case 'not_shared':
      throw experienceNotShared();
    case 'limit_reached':
      throw dailyLimitReached(recorded.at);
  }
}
