import { Query } from '@nestjs/cqrs';
import { type AccountStatus } from '../account-erasures.repository';

/** Whether the pilot's account is in use or being erased. */
export class GetAccountQuery extends Query<{ status: AccountStatus }> {
  constructor(readonly pilot: string) {
    super();
  }
}
