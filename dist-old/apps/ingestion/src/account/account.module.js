"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.AccountModule = void 0;
const common_1 = require("@nestjs/common");
const access_1 = require("../../../../libs/access/src/index.js");
const consent_module_1 = require("../consent/consent.module");
const account_erasures_repository_1 = require("./account-erasures.repository");
const erase_account_controller_1 = require("./erase-account/erase-account.controller");
const erase_account_handler_1 = require("./erase-account/erase-account.handler");
const account_erasure_worker_1 = require("./erasure/account-erasure.worker");
const erasing_accounts_1 = require("./erasing-accounts");
const get_account_controller_1 = require("./get-account/get-account.controller");
const get_account_handler_1 = require("./get-account/get-account.handler");
/** The pilot's account: its status and its erasure (docs/privacy.md). */
let AccountModule = class AccountModule {
};
exports.AccountModule = AccountModule;
exports.AccountModule = AccountModule = __decorate([
    (0, common_1.Module)({
        imports: [consent_module_1.ConsentModule, access_1.AccessHistoryModule],
        controllers: [get_account_controller_1.GetAccountController, erase_account_controller_1.EraseAccountController],
        providers: [
            account_erasures_repository_1.AccountErasuresRepository,
            erasing_accounts_1.ErasingAccounts,
            get_account_handler_1.GetAccountHandler,
            erase_account_handler_1.EraseAccountHandler,
            account_erasure_worker_1.AccountErasureWorker,
        ],
        exports: [account_erasures_repository_1.AccountErasuresRepository, erasing_accounts_1.ErasingAccounts],
    })
], AccountModule);
//# sourceMappingURL=account.module.js.map