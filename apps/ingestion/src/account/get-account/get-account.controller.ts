import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentPilot } from '../../auth/current-pilot.decorator';
import { PilotAppOperation } from '../../openapi/pilot-app-operation';
import { ACCOUNT_STATUS } from '../../openapi/pilot-app-privacy.schemas';
import { type AccountStatus } from '../account-erasures.repository';
import { GetAccountQuery } from './get-account.query';

@Controller('pilot/v1/account')
export class GetAccountController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @PilotAppOperation({
    tag: 'account',
    summary: "The account's status",
    retry: 'safe: it only reads.',
    description:
      'active: in use (an account never used is active too). erasing: an erasure asked for with DELETE is ' +
      'under way; once it completes the account is active again, and empty.',
    servedDuringErasure: true,
    success: { status: 200, data: ACCOUNT_STATUS, description: 'The account’s status' },
  })
  get(@CurrentPilot() pilot: string): Promise<{ status: AccountStatus }> {
    return this.queryBus.execute(new GetAccountQuery(pilot));
  }
}
