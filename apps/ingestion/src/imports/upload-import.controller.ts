import { Controller, HttpCode, Post, Query, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import { type FastifyRequest } from 'fastify';
import { ApiError } from '@pft/platform';
import { CurrentPilot } from '../auth/current-pilot.decorator';
import { PilotAppOperation } from '../openapi/pilot-app-operation';
import { IMPORT, IMPORT_FILE_ERRORS } from '../openapi/pilot-app-import.schemas';
import { type ImportView } from '@pft/logbook/domain';
import { PendingImports } from './pending-imports.service';
import { readUploadedFile, refuseDeclaredTooLarge } from './upload-body';
import { UploadsUnderWay, UPLOADS_UNDER_WAY } from './uploads-under-way';

@Controller('pilot/v1/imports')
export class UploadImportController {
  constructor(
    private readonly imports: PendingImports,
    private readonly underWay: UploadsUnderWay,
  ) {}

  @Post()
  @PilotAppOperation({
    tag: 'imports',
    summary: 'Upload a logbook file for import',
    retry: 'safe: nothing is recorded; another upload is another import.',
    description:
      'The body is the file itself (text/csv, text/tab-separated-values or text/plain; UTF-8, or UTF-16 with a ' +
      'byte-order mark), at most 20 MB and 50,000 rows. The file is read and kept 24 hours for its preview; ' +
      'nothing is recorded. At most 2 uploads of a pilot under way at once (429).',
    query: [
      {
        name: 'format',
        description: 'auto (the default) detects it; or pft, foreflight, myflightbook, columns',
        schema: { type: 'string', enum: ['auto', 'pft', 'foreflight', 'myflightbook', 'columns'] },
      },
    ],
    success: { status: 201, data: IMPORT, description: 'The import, read and not recorded' },
    errors: ['INVALID_REQUEST', 'IMPORT_TOO_LARGE', 'UNSUPPORTED_FILE', 'RATE_LIMITED'],
    errorExamples: IMPORT_FILE_ERRORS,
  })
  @ApiConsumes('text/csv', 'text/tab-separated-values', 'text/plain')
  @ApiBody({
    description: 'The logbook file itself, as exported by the other logbook',
    required: true,
    schema: { type: 'string', format: 'binary' },
    examples: {
      myflightbook: {
        summary: "MyFlightbook's CSV export",
        value:
          'Date,Flight ID,Tail Number,Model,Category/Class,Landings,Total Flight Time,PIC,Route,Comments\n' +
          '3/14/2026,1001,N172AB,Cessna 172S,ASEL,1,1.5,1.5,KPAO KSQL,Night XC\n',
      },
    },
  })
  @HttpCode(201)
  @RouteConfig({ streamedBody: true })
  async upload(
    @CurrentPilot() pilot: string,
    @Query('format') format: unknown,
    @Req() request: FastifyRequest,
  ): Promise<ImportView> {
    const chosen = PendingImports.formatOf(format);
    refuseDeclaredTooLarge(request.headers['content-length']);
    const release = await this.underWay.place(pilot);
    if (!release)
      throw new ApiError(
        'RATE_LIMITED',
        `At most ${UPLOADS_UNDER_WAY} uploads may be under way at once`,
        undefined,
        {
          Connection: 'close',
        },
      );
    try {
      const bytes = await readUploadedFile(request.body);
      return await this.imports.upload(pilot, chosen, bytes);
    } finally {
      await release();
    }
  }
}
