import { Query } from '@nestjs/cqrs';
import { type Experience } from '@pft/totals/domain';

/** The pilot's own experience as of a date, from the records as they are at the moment of the read. */
export class GetExperienceQuery extends Query<Experience> {
  constructor(
    readonly pilot: string,
    readonly asOf: string,
  ) {
    super();
  }
}
