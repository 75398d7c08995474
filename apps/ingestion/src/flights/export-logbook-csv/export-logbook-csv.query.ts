import { Query } from '@nestjs/cqrs';

/** The pilot's current flights as logbook CSV text (docs/logbook-csv.md). */
export class ExportLogbookCsvQuery extends Query<string> {
  constructor(readonly pilot: string) {
    super();
  }
}
