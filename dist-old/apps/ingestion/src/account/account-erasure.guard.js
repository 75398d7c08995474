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
exports.AccountErasureGuard = void 0;
const common_1 = require("@nestjs/common");
const platform_1 = require("../../../../libs/platform/src/index.js");
const erasing_accounts_1 = require("./erasing-accounts");
/** The account's own routes, answered during its erasure too. */
const ACCOUNT_ROUTE = '/pilot/v1/account';
/**
 * While the pilot's account is being erased, every other request of the pilot answers 410
 * ACCOUNT_ERASED: a global guard after the pilot's token is checked (PilotAuthGuard), reading what this
 * process knows of pending erasures (ErasingAccounts: at once for one asked here, within a second for
 * one asked of another replica; a write in that second is erased with the rest).
 */
let AccountErasureGuard = class AccountErasureGuard {
    erasing;
    constructor(erasing) {
        this.erasing = erasing;
    }
    canActivate(context) {
        const request = (0, platform_1.httpRequestOf)(context);
        const pilot = request.pilotAccountId;
        if (!pilot || request.routeOptions.url === ACCOUNT_ROUTE)
            return true;
        if (this.erasing.has(pilot)) {
            throw new platform_1.ApiError('ACCOUNT_ERASED', platform_1.ACCOUNT_ERASED_MESSAGE);
        }
        return true;
    }
};
exports.AccountErasureGuard = AccountErasureGuard;
exports.AccountErasureGuard = AccountErasureGuard = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [erasing_accounts_1.ErasingAccounts])
], AccountErasureGuard);
//# sourceMappingURL=account-erasure.guard.js.map