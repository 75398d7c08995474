import { Module } from '@nestjs/common';
import { FlightsModule } from '../flights/flights.module';
import { SetStartingTotalsController } from './set-starting-totals.controller';
import { SetStartingTotalsHandler } from './set-starting-totals.handler';

@Module({
  imports: [FlightsModule],
  controllers: [SetStartingTotalsController],
  providers: [SetStartingTotalsHandler],
})
export class StartingTotalsModule {}
