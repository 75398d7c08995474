import { Query } from '@nestjs/cqrs';
import { type PilotExport } from './pilot-export';

/** Everything the service holds about the pilot, as of one moment. */
export class GetExportQuery extends Query<PilotExport> {
  constructor(readonly pilot: string) {
    super();
  }
}
