import { Module } from '@nestjs/common';
import { FlightsModule } from '../flights/flights.module';
import { StartingTotalsModule } from '../starting-totals/starting-totals.module';
import { GetExperienceController } from './get-experience.controller';
import { GetExperienceHandler } from './get-experience.handler';

@Module({
  imports: [FlightsModule, StartingTotalsModule],
  controllers: [GetExperienceController],
  providers: [GetExperienceHandler],
})
export class ExperienceModule {}
