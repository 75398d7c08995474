import { Controller, Get, Header } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentPilot } from '../../auth/current-pilot.decorator';
import { PilotAppOperation } from '../../openapi/pilot-app-operation';
import { LOGBOOK_CSV_EXAMPLE } from '../../openapi/pilot-app.examples';
import { ExportLogbookCsvQuery } from './export-logbook-csv.query';

@Controller('pilot/v1')
export class ExportLogbookCsvController {
  constructor(private readonly queryBus: QueryBus) {}

  /** Text, not the JSON envelope: a file for the pilot to keep, open in a spreadsheet or import again. */
  @Get('export.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="logbook.csv"')
  @PilotAppOperation({
    tag: 'flights',
    summary: "The pilot's logbook as CSV",
    retry: 'safe: it only reads.',
    description:
      'Every current flight (not deleted ones), oldest first, one a row under a header of column names, ' +
      'as RFC 4180 text in UTF-8 (docs/logbook-csv.md). Not in the JSON envelope. The pilot app imports ' +
      'this file back unchanged (POST /pilot/v1/flights/import, after reading it into flight bodies).',
    success: {
      status: 200,
      description: 'The logbook as CSV',
      text: { mediaType: 'text/csv', example: LOGBOOK_CSV_EXAMPLE },
    },
  })
  export(@CurrentPilot() pilot: string): Promise<string> {
    return this.queryBus.execute(new ExportLogbookCsvQuery(pilot));
  }
}
