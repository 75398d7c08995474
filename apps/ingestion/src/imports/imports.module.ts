import { Module } from '@nestjs/common';
import { FlightsRepository, PendingImportsRepository } from '@pft/logbook';
import { ImportCommits } from './import-commits';
import { PendingImportController } from './pending-import.controller';
import { PendingImports } from './pending-imports.service';
import { UploadImportController } from './upload-import.controller';
import { UploadsUnderWay } from './uploads-under-way';

/** Logbook files imported from other logbooks (`logbook-import.md` 2): upload, preview, choices, commit. */
@Module({
  controllers: [UploadImportController, PendingImportController],
  providers: [ImportCommits, FlightsRepository, PendingImportsRepository, PendingImports, UploadsUnderWay],
})
export class ImportsModule {}
