import { Module } from '@nestjs/common';
import { FlightsModule } from '../flights/flights.module';
import { StartingTotalsModule } from '../starting-totals/starting-totals.module';
import { GetTotalsController } from './get-totals.controller';
import { GetTotalsHandler } from './get-totals.handler';

@Module({
  imports: [FlightsModule, StartingTotalsModule],
  controllers: [GetTotalsController],
  providers: [GetTotalsHandler],
})
export class TotalsModule {}
