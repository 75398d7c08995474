import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { ApiError, httpRequestOf } from '@pft/platform';
import { ACCOUNT_ERASED_MESSAGE } from '@pft/privacy/domain';
import { ErasingAccounts } from './erasing-accounts';

/** The account's own routes, answered during its erasure too. */
const ACCOUNT_ROUTE = '/pilot/v1/account';

/**
 * While the pilot's account is being erased, every other request of the pilot answers 410
 * ACCOUNT_ERASED: a global guard after the pilot's token is checked (PilotAuthGuard), reading what this
 * process knows of pending erasures (ErasingAccounts: at once for one asked here, within a second for
 * one asked of another replica; a write in that second is erased with the rest).
 */
@Injectable()
export class AccountErasureGuard implements CanActivate {
  constructor(private readonly erasing: ErasingAccounts) {}

  canActivate(context: ExecutionContext): boolean {
    const request = httpRequestOf(context);
    const pilot = request.pilotAccountId;
    if (!pilot || request.routeOptions.url === ACCOUNT_ROUTE) return true;
    if (this.erasing.has(pilot)) {
      throw new ApiError('ACCOUNT_ERASED', ACCOUNT_ERASED_MESSAGE);
    }
    return true;
  }
}
