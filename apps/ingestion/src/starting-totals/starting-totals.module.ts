import { Module } from '@nestjs/common';
import { commandPipelineProvider } from '../command-pipeline.provider';
import { GetStartingTotalsController } from './get-starting-totals.controller';
import { GetStartingTotalsHandler } from './get-starting-totals.handler';
import { SetStartingTotalsController } from './set-starting-totals.controller';
import { SetStartingTotalsHandler } from './set-starting-totals.handler';
import { StartingTotalsRepository } from '@pft/logbook';

@Module({
  controllers: [SetStartingTotalsController, GetStartingTotalsController],
  providers: [
    commandPipelineProvider,
    StartingTotalsRepository,
    SetStartingTotalsHandler,
    GetStartingTotalsHandler,
  ],
  exports: [StartingTotalsRepository],
})
export class StartingTotalsModule {}
