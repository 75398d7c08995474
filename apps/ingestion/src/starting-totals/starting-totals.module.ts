import { Module } from '@nestjs/common';
import { commandPipelineProvider } from '../command-pipeline.provider';
import { SetStartingTotalsController } from './set-starting-totals.controller';
import { SetStartingTotalsHandler } from './set-starting-totals.handler';
import { StartingTotalsRepository } from '@pft/logbook';

@Module({
  controllers: [SetStartingTotalsController],
  providers: [commandPipelineProvider, StartingTotalsRepository, SetStartingTotalsHandler],
  exports: [StartingTotalsRepository],
})
export class StartingTotalsModule {}
