import { Module } from '@nestjs/common';
import { PendingImportsRepository } from '@pft/logbook';
import { FlightsModule } from '../flights/flights.module';
import { StartingTotalsModule } from '../starting-totals/starting-totals.module';
import { GetExportController } from './get-export.controller';
import { GetExportHandler } from './get-export.handler';

/** GET /pilot/v1/export: everything the service holds about the pilot. */
@Module({
  imports: [FlightsModule, StartingTotalsModule],
  controllers: [GetExportController],
  providers: [GetExportHandler, PendingImportsRepository],
})
export class ExportModule {}
