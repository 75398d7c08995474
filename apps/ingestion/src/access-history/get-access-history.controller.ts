import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { invalidRequest } from '@pft/logbook';
import { CurrentPilot } from '../auth/current-pilot.decorator';
import { PilotAppOperation } from '../openapi/pilot-app-operation';
import { ACCESS_HISTORY } from '../openapi/pilot-app-privacy.schemas';
import { type AccessHistoryView, MAX_HISTORY_DAYS, parseHistoryDays } from './access-history.view';
import { GetAccessHistoryQuery } from './get-access-history.query';

const DAYS_RULE = `must be a whole number from 1 to ${MAX_HISTORY_DAYS}`;

@Controller('pilot/v1/access-history')
export class GetAccessHistoryController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @PilotAppOperation({
    tag: 'privacy',
    summary: 'Which partners read the pilot’s totals, and when',
    retry: 'safe: it only reads.',
    description:
      'For each partner the pilot is linked to, or that linked, disconnected or read in the last `days` UTC ' +
      'days (1 to 365, default 90; today is one of them): its links and disconnects, and per day the number ' +
      'of reads of the pilot’s totals (a batch read counts once for each pilot it answers) with the time of ' +
      'the last. Newest first. Reads are counted by each partner API replica and written within seconds ' +
      '(at most a minute). Reads with sandbox keys are not recorded. Each requirement check a partner made ' +
      '(`requirement_checks`) is there with its requirements as sent, recorded before the partner got its ' +
      'answer. Another days value: 400 INVALID_REQUEST.',
    query: [
      {
        name: 'days',
        description: '1 to 365, default 90',
        schema: { type: 'integer', minimum: 1, maximum: MAX_HISTORY_DAYS, default: 90 },
      },
    ],
    success: { status: 200, data: ACCESS_HISTORY, description: 'The access history of the period' },
    errors: ['INVALID_REQUEST'],
    errorExamples: {
      INVALID_REQUEST: [
        {
          summary: 'days out of range',
          message: `days ${DAYS_RULE}`,
          details: [{ field: 'days', issue: 'out_of_range', message: DAYS_RULE }],
        },
      ],
    },
  })
  get(@CurrentPilot() pilot: string, @Query() params: { days?: unknown }): Promise<AccessHistoryView> {
    const days = parseHistoryDays(params.days);
    if (days === null) throw invalidRequest([{ field: 'days', issue: 'out_of_range', message: DAYS_RULE }]);
    return this.queryBus.execute(new GetAccessHistoryQuery(pilot, days));
  }
}
