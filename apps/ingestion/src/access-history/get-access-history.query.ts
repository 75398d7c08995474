import { Query } from '@nestjs/cqrs';
import { type AccessHistoryView } from './access-history.view';

/** Which partners read the pilot's totals and when, with links and disconnects, over the last `days` days. */
export class GetAccessHistoryQuery extends Query<AccessHistoryView> {
  constructor(
    readonly pilot: string,
    /** 1 to 365. */
    readonly days: number,
  ) {
    super();
  }
}
