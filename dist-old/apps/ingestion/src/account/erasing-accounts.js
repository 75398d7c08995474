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
exports.ErasingAccounts = void 0;
const common_1 = require("@nestjs/common");
const account_erasures_repository_1 = require("./account-erasures.repository");
/** How long an erasure asked of this process counts as pending here whatever a refresh read. */
const ASKED_HERE_MS = 5000;
/**
 * The accounts being erased, as this process knows them, so that the guard answering 410 costs a
 * request no query: read from `account_erasures` at every round of the erasure worker (every second),
 * and added at once when the erasure is asked of this process. Another replica's erasure reaches it
 * within a second.
 */
let ErasingAccounts = class ErasingAccounts {
    erasures;
    pending = new Set();
    /** Erasures asked here lately, kept through a refresh that read the table before they committed. */
    askedHere = new Map();
    constructor(erasures) {
        this.erasures = erasures;
    }
    has(pilot) {
        return this.pending.has(pilot);
    }
    /** An erasure this process recorded (committed). */
    asked(pilot) {
        this.pending.add(pilot);
        this.askedHere.set(pilot, Date.now());
    }
    /** An erasure this process completed. */
    completed(pilot) {
        this.pending.delete(pilot);
        this.askedHere.delete(pilot);
    }
    /** Reads the pending erasures again. */
    async refresh(runner) {
        const next = new Set(await this.erasures.pending(runner));
        const now = Date.now();
        for (const [pilot, at] of this.askedHere) {
            if (now - at > ASKED_HERE_MS)
                this.askedHere.delete(pilot);
            else
                next.add(pilot);
        }
        this.pending = next;
    }
};
exports.ErasingAccounts = ErasingAccounts;
exports.ErasingAccounts = ErasingAccounts = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [account_erasures_repository_1.AccountErasuresRepository])
], ErasingAccounts);
//# sourceMappingURL=erasing-accounts.js.map