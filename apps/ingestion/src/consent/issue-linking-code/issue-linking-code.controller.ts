import { invalidRequest } from '@pft/logbook';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { BodyReader, type ValidationIssue } from '@pft/logbook/domain';
import { CurrentPilot, RequestId } from '../../auth/current-pilot.decorator';
import { IssueLinkingCodeCommand, type IssuedLinkingCode } from './issue-linking-code.command';
import { PilotAppOperation } from '../../openapi/pilot-app-operation';
import { LINKING_CODE } from '../../openapi/pilot-app.schemas';

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
      'Valid 10 minutes, single use, stored only as a hash. At most 10 unexpired codes per pilot; past that 429.',
    success: { status: 201, data: LINKING_CODE, description: 'The code and when it expires' },
    errors: ['RATE_LIMITED', 'WRITE_OUTCOME_UNKNOWN'],
  })
  @HttpCode(201)
  issue(
    @CurrentPilot() pilot: string,
    @RequestId() requestId: string,
    @Body() body: unknown,
  ): Promise<IssuedLinkingCode> {
    // No body, or an empty object: the request has no fields, so any field it sends is unknown.
    if (body !== undefined && body !== null) {
      const issues: ValidationIssue[] = [];
      BodyReader.object(issues, '', body)?.onlyKnown([]);
      if (issues.length > 0) throw invalidRequest(issues);
    }
    return this.commandBus.execute(new IssueLinkingCodeCommand(pilot, requestId));
  }
}
