import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { type FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { ACCOUNT_ERASED_MESSAGE, ApiError } from '@pft/platform';
import { AccountErasuresRepository } from './account-erasures.repository';

/** The account's own routes, answered during its erasure too. */
const ACCOUNT_ROUTE = '/pilot/v1/account';

/**
 * While the pilot's account is being erased, every other request of the pilot answers 410
 * ACCOUNT_ERASED: a global guard after the pilot's token is checked (PilotAuthGuard), one primary-key
 * probe per request.
 */
@Injectable()
export class AccountErasureGuard implements CanActivate {
  constructor(
    private readonly dataSource: DataSource,
    private readonly erasures: AccountErasuresRepository,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const pilot = request.pilotAccountId;
    if (!pilot || request.routeOptions.url === ACCOUNT_ROUTE) return true;
    if ((await this.erasures.status(this.dataSource, pilot)) === 'erasing') {
      throw new ApiError('ACCOUNT_ERASED', ACCOUNT_ERASED_MESSAGE);
    }
    return true;
  }
}
