import { Controller, HttpCode, Post } from '@nestjs/common';
import { CurrentPilot, RequestId } from '../../auth/current-pilot.decorator';
import { IssueLinkingCodeHandler, type IssuedLinkingCode } from './issue-linking-code.handler';

@Controller('pilot/v1/linking-codes')
export class IssueLinkingCodeController {
  constructor(private readonly handler: IssueLinkingCodeHandler) {}

  @Post()
  @HttpCode(201)
  issue(@CurrentPilot() pilot: string, @RequestId() requestId: string): Promise<IssuedLinkingCode> {
    return this.handler.execute(pilot, requestId);
  }
}
