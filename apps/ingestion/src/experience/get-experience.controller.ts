import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AsOfPipe } from '@pft/totals';
import { type Experience } from '@pft/totals/domain';
import { CurrentPilot } from '../auth/current-pilot.decorator';
import { PilotAppOperation } from '../openapi/pilot-app-operation';
import { OWN_EXPERIENCE } from '../openapi/pilot-app-experience.schemas';
import { GetExperienceQuery } from './get-experience.query';

/** The partner API's experience (`pilot-experience.md` 4) without `pilot_id`. */
export type OwnExperience = Pick<Experience, 'as_of'> & { last_updated: string } & Omit<Experience, 'as_of'>;

@Controller('pilot/v1/experience')
export class GetExperienceController {
  constructor(private readonly queryBus: QueryBus) {}

  /** Computed live from the write side, so complete as of the moment of the read. */
  @Get()
  @PilotAppOperation({
    tag: 'totals',
    summary: "The pilot's own experience as of a date",
    retry: 'safe: it only reads.',
    description:
      'Recent flying (the last 90 days, 6, 12 and 24 months), time by aircraft type, engine and ' +
      'feature, and currency under each rule, as of as_of (a calendar date, UTC; default today), ' +
      'counting only records dated on or before it: what a partner the pilot shares experience with ' +
      'reads, without pilot_id. Computed live: last_updated is the time of the read. as_of not a ' +
      'calendar date, before 1903-12-17 or after tomorrow (UTC): 400 INVALID_REQUEST.',
    query: [
      {
        name: 'as_of',
        description: 'YYYY-MM-DD, from 1903-12-17 to tomorrow (UTC); default today',
        schema: { type: 'string', format: 'date' },
      },
    ],
    success: { status: 200, data: OWN_EXPERIENCE, description: 'The experience as of the date' },
    errors: ['INVALID_REQUEST'],
    errorExamples: {
      INVALID_REQUEST: [
        {
          summary: 'as_of not a calendar date',
          message: 'as_of must be a calendar date, YYYY-MM-DD',
          details: [
            { field: 'as_of', issue: 'invalid_format', message: 'as_of must be a calendar date, YYYY-MM-DD' },
          ],
        },
      ],
    },
  })
  async get(@CurrentPilot() pilot: string, @Query('as_of', AsOfPipe) asOf: string): Promise<OwnExperience> {
    const { as_of, ...experience } = await this.queryBus.execute(new GetExperienceQuery(pilot, asOf));
    return { as_of, last_updated: new Date().toISOString(), ...experience };
  }
}
