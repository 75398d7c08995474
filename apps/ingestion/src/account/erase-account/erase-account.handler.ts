import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { AccountErasuresRepository } from '../account-erasures.repository';
import { ErasingAccounts } from '../erasing-accounts';
import { AccountErasureWorker } from '../erasure/account-erasure.worker';
import { EraseAccountCommand } from './erase-account.command';

/**
 * Records the erasure (durably: from here on the pilot's other requests answer 410) and wakes this
 * process's worker; the erasure itself runs apart, within a minute (docs/privacy.md).
 */
@CommandHandler(EraseAccountCommand)
export class EraseAccountHandler implements ICommandHandler<EraseAccountCommand, { status: 'erasing' }> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly erasures: AccountErasuresRepository,
    private readonly worker: AccountErasureWorker,
    private readonly erasing: ErasingAccounts,
  ) {}

  async execute({ pilot, requestId }: EraseAccountCommand): Promise<{ status: 'erasing' }> {
    await this.erasures.request(this.dataSource, pilot, requestId);
    this.erasing.asked(pilot);
    this.worker.wake();
    return { status: 'erasing' };
  }
}
