import { Module } from '@nestjs/common';
import { FlightsModule } from '../flights/flights.module';
import { GetTotalsController } from './get-totals.controller';
import { GetTotalsQuery } from './get-totals.query';

@Module({
  imports: [FlightsModule],
  controllers: [GetTotalsController],
  providers: [GetTotalsQuery],
})
export class TotalsModule {}
