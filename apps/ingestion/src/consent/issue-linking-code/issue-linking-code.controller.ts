import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CurrentPilot, RequestId } from '../../auth/current-pilot.decorator';
import { IssueLinkingCodeCommand, type IssuedLinkingCode } from './issue-linking-code.command';
import { PilotAppOperation } from '../../openapi/pilot-app-operation';
import { LINKING_CODE, LINKING_CODE_REQUEST } from '../../openapi/pilot-app-consent.schemas';
import { linkingCodeSharesExperience } from '../sharing-body';

@Controller('pilot/v1/linking-codes')
export class IssueLinkingCodeController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post()
  @PilotAppOperation({
    tag: 'consent',
    summary: 'Issue a linking code',
    retry:
      'issues another code; a code whose answer was lost is never shown and expires unused, counting toward the 10 open codes until then.',
    description:
      'A one-time code the pilot gives a partner, who redeems it with POST /v1/link of the partner API. ' +
      'Valid 10 minutes, single use, stored only as a hash. At most 10 unexpired codes per pilot; past that 429. ' +
      'The link made with it shares the lifetime totals, and the pilot’s experience too when share_experience is true ' +
      '(no body, or share_experience absent: false). A body that is not that object: 400 INVALID_REQUEST.',
    body: LINKING_CODE_REQUEST,
    bodyOptional: true,
    success: { status: 201, data: LINKING_CODE, description: 'The code and when it expires' },
    errors: ['INVALID_REQUEST', 'RATE_LIMITED', 'WRITE_OUTCOME_UNKNOWN'],
  })
  @HttpCode(201)
  issue(
    @CurrentPilot() pilot: string,
    @RequestId() requestId: string,
    @Body() body: unknown,
  ): Promise<IssuedLinkingCode> {
    const shareExperience = linkingCodeSharesExperience(body);
    return this.commandBus.execute(new IssueLinkingCodeCommand(pilot, shareExperience, requestId));
  }
}
