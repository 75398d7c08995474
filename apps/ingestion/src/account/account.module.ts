import { Module } from '@nestjs/common';
import { AccessHistoryModule } from '@pft/partners';
import { ConsentModule } from '../consent/consent.module';
import { AccountErasuresRepository } from './account-erasures.repository';
import { EraseAccountController } from './erase-account/erase-account.controller';
import { EraseAccountHandler } from './erase-account/erase-account.handler';
import { AccountErasureWorker } from './erasure/account-erasure.worker';
import { ErasingAccounts } from './erasing-accounts';
import { GetAccountController } from './get-account/get-account.controller';
import { GetAccountHandler } from './get-account/get-account.handler';

/** The pilot's account: its status and its erasure (docs/privacy.md). */
@Module({
  imports: [ConsentModule, AccessHistoryModule],
  controllers: [GetAccountController, EraseAccountController],
  providers: [
    AccountErasuresRepository,
    ErasingAccounts,
    GetAccountHandler,
    EraseAccountHandler,
    AccountErasureWorker,
  ],
  exports: [AccountErasuresRepository, ErasingAccounts],
})
export class AccountModule {}
