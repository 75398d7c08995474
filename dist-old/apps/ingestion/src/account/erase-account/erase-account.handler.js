"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.EraseAccountHandler = void 0;
const cqrs_1 = require("@nestjs/cqrs");
const typeorm_1 = require("typeorm");
const account_erasures_repository_1 = require("../account-erasures.repository");
const erasing_accounts_1 = require("../erasing-accounts");
const account_erasure_worker_1 = require("../erasure/account-erasure.worker");
const erase_account_command_1 = require("./erase-account.command");
/**
 * Records the erasure (durably: from here on the pilot's other requests answer 410) and wakes this
 * process's worker; the erasure itself runs apart, within a minute (docs/privacy.md).
 */
let EraseAccountHandler = class EraseAccountHandler {
    dataSource;
    erasures;
    worker;
    erasing;
    constructor(dataSource, erasures, worker, erasing) {
        this.dataSource = dataSource;
        this.erasures = erasures;
        this.worker = worker;
        this.erasing = erasing;
    }
    async execute({ pilot, requestId }) {
        await this.erasures.request(this.dataSource, pilot, requestId);
        this.erasing.asked(pilot);
        this.worker.wake();
        return { status: 'erasing' };
    }
};
exports.EraseAccountHandler = EraseAccountHandler;
exports.EraseAccountHandler = EraseAccountHandler = __decorate([
    (0, cqrs_1.CommandHandler)(erase_account_command_1.EraseAccountCommand),
    __metadata("design:paramtypes", [typeorm_1.DataSource,
        account_erasures_repository_1.AccountErasuresRepository,
        account_erasure_worker_1.AccountErasureWorker,
        erasing_accounts_1.ErasingAccounts])
], EraseAccountHandler);
//# sourceMappingURL=erase-account.handler.js.map