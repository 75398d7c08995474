import { Module } from '@nestjs/common';
import { commandPipelineProvider } from '../command-pipeline.provider';
import { AmendFlightController } from './amend-flight/amend-flight.controller';
import { AmendFlightHandler } from './amend-flight/amend-flight.handler';
import { DeleteFlightController } from './delete-flight/delete-flight.controller';
import { DeleteFlightHandler } from './delete-flight/delete-flight.handler';
import { FlightsRepository } from '@pft/logbook';
import { ExportLogbookCsvController } from './export-logbook-csv/export-logbook-csv.controller';
import { ExportLogbookCsvHandler } from './export-logbook-csv/export-logbook-csv.handler';
import { ImportFlightsController } from './import-flights/import-flights.controller';
import { ImportFlightsHandler } from './import-flights/import-flights.handler';
import { ListFlightsController } from './list-flights/list-flights.controller';
import { ListFlightsHandler } from './list-flights/list-flights.handler';
import { RecordFlightController } from './record-flight/record-flight.controller';
import { RecordFlightHandler } from './record-flight/record-flight.handler';

/** The pilot's flights. The import controller comes before the one with `:flight_id` routes. */
@Module({
  controllers: [
    ImportFlightsController,
    RecordFlightController,
    ListFlightsController,
    AmendFlightController,
    DeleteFlightController,
    ExportLogbookCsvController,
  ],
  providers: [
    commandPipelineProvider,
    FlightsRepository,
    RecordFlightHandler,
    AmendFlightHandler,
    DeleteFlightHandler,
    ImportFlightsHandler,
    ListFlightsHandler,
    ExportLogbookCsvHandler,
  ],
  exports: [FlightsRepository],
})
export class FlightsModule {}
