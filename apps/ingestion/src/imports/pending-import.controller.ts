import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CurrentPilot, RequestId } from '../auth/current-pilot.decorator';
import { type ImportCommitResult } from '@pft/logbook';
import { PilotAppOperation } from '../openapi/pilot-app-operation';
import {
  IMPORT,
  IMPORT_CHOICES_BODY,
  IMPORT_COMMIT_RESULT,
  IMPORT_NOT_READY_EXAMPLES,
} from '../openapi/pilot-app-import.schemas';
import { type ImportView } from '@pft/logbook/domain';
import { CHOICES_CONFLICT_MESSAGE, PendingImports } from './pending-imports.service';

const IMPORT_ID = { name: 'import_id', description: 'The import, as its upload answered' };

/** An uploaded import: its preview, the pilot's choices, its commit. */
@Controller('pilot/v1/imports')
export class PendingImportController {
  constructor(private readonly imports: PendingImports) {}

  @Get(':import_id')
  @PilotAppOperation({
    tag: 'imports',
    summary: 'Read an import',
    retry: 'safe: it reads.',
    description:
      'The import as last computed. Kept 24 hours after its upload, then 404 IMPORT_NOT_FOUND; another ' +
      "pilot's import is not found either.",
    pathParam: IMPORT_ID,
    success: { status: 200, data: IMPORT, description: 'The import' },
    errors: ['IMPORT_NOT_FOUND'],
  })
  view(@CurrentPilot() pilot: string, @Param('import_id') importId: string): Promise<ImportView> {
    return this.imports.view(pilot, importId);
  }

  @Put(':import_id/choices')
  @PilotAppOperation({
    tag: 'imports',
    summary: 'Choose how an import is read',
    retry: 'safe: the same choices merged again change nothing.',
    description:
      'The aircraft ratings, column mapping, date order and time unit the pilot chooses, each part optional and ' +
      'merged into the earlier choices (aircraft by source, columns by field); the file is read again with them. ' +
      'Refused with 400 INVALID_REQUEST, a detail each, and nothing of the request saved: an aircraft the file ' +
      'does not have (issue `not_in_file`); any aircraft of a `pft` file, whose rows name their own, and a ' +
      'column mapping, date order or time unit the file’s format fixes (`not_allowed`: only a `columns` file ' +
      'takes all three, a `myflightbook` file its date order); a `columns` key that is not a column of the ' +
      'logbook CSV (`unknown_field`); a `rating_key` not in the rating catalog (`unknown_rating`); any choice once the ' +
      'import is committed (`not_allowed`: what it recorded was read with the earlier choices). Choices sent at ' +
      'the same time (two devices) are each merged into the other’s, none lost; one that kept meeting others ' +
      'is refused 409 CONFLICT, nothing of it saved.',
    pathParam: IMPORT_ID,
    body: IMPORT_CHOICES_BODY,
    success: { status: 200, data: IMPORT, description: 'The import read with the choices' },
    errors: ['INVALID_REQUEST', 'IMPORT_NOT_FOUND', 'CONFLICT'],
    errorExamples: {
      CONFLICT: [
        {
          summary: 'Other choices kept being saved at the same time',
          message: CHOICES_CONFLICT_MESSAGE,
        },
      ],
    },
  })
  choose(
    @CurrentPilot() pilot: string,
    @Param('import_id') importId: string,
    @Body() body: unknown,
  ): Promise<ImportView> {
    return this.imports.choose(pilot, importId, body);
  }

  @Post(':import_id/commit')
  @PilotAppOperation({
    tag: 'imports',
    summary: 'Record an import',
    retry: 'safe: a second commit of the same import answers the first one’s result and records nothing.',
    description:
      'Records every valid flight in one transaction, all or none. A flight already recorded as it is stays ' +
      '(unchanged), a changed one is amended, a flight the pilot deleted is not brought back (skipped_deleted). ' +
      'Refused with 409 IMPORT_NOT_READY while the import is not ready.',
    pathParam: IMPORT_ID,
    bodyOptional: true,
    success: { status: 200, data: IMPORT_COMMIT_RESULT, description: 'What the commit recorded' },
    errors: ['IMPORT_NOT_FOUND', 'IMPORT_NOT_READY', 'WRITE_OUTCOME_UNKNOWN'],
    errorExamples: IMPORT_NOT_READY_EXAMPLES,
  })
  @HttpCode(200)
  commit(
    @CurrentPilot() pilot: string,
    @RequestId() requestId: string,
    @Param('import_id') importId: string,
  ): Promise<ImportCommitResult> {
    return this.imports.commit(pilot, importId, requestId);
  }
}
