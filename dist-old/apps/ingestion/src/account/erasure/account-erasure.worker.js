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
exports.AccountErasureWorker = void 0;
const common_1 = require("@nestjs/common");
const cqrs_1 = require("@nestjs/cqrs");
const typeorm_1 = require("typeorm");
const access_1 = require("../../../../../libs/access/src/index.js");
const consent_repository_1 = require("../../consent/consent.repository");
const account_erasures_repository_1 = require("../account-erasures.repository");
const erasing_accounts_1 = require("../erasing-accounts");
const erasure_steps_1 = require("./erasure-steps");
/** How often pending erasures are looked for (a request here wakes the worker at once). */
const POLL_MS = 1000;
/** How long a worker holds an erasure: longer than all its steps take; another takes over after it. */
const HOLD_MS = 30_000;
/**
 * Works the pending account erasures of `account_erasures`, in every ingestion process: claims one,
 * runs the steps not done yet (ERASURE_STEPS), each recorded when done, and completes it. An erasure
 * interrupted by a crash is resumed by whichever process claims it next.
 */
let AccountErasureWorker = class AccountErasureWorker {
    dataSource;
    commandBus;
    consent;
    erasures;
    accessHistory;
    erasing;
    logger = new common_1.Logger('account-erasure');
    timer;
    running;
    stopping = false;
    again = false;
    constructor(dataSource, commandBus, consent, erasures, accessHistory, erasing) {
        this.dataSource = dataSource;
        this.commandBus = commandBus;
        this.consent = consent;
        this.erasures = erasures;
        this.accessHistory = accessHistory;
        this.erasing = erasing;
    }
    onApplicationBootstrap() {
        this.schedule(0);
    }
    async onApplicationShutdown() {
        this.stopping = true;
        clearTimeout(this.timer);
        await this.running;
    }
    /** Works pending erasures now (after a request), or right after the round under way. */
    wake() {
        if (this.running)
            this.again = true;
        else
            this.schedule(0);
    }
    schedule(ms) {
        if (this.stopping)
            return;
        clearTimeout(this.timer);
        this.timer = setTimeout(() => {
            this.running = this.workPending().finally(() => {
                this.running = undefined;
                const soon = this.again;
                this.again = false;
                this.schedule(soon ? 0 : POLL_MS);
            });
        }, ms);
    }
    async workPending() {
        try {
            // What the guard answers 410 for: read at every round, so another replica's erasure shows here too.
            await this.erasing.refresh(this.dataSource);
            for (;;) {
                if (this.stopping)
                    return;
                const erasure = await this.erasures.claim(this.dataSource, HOLD_MS);
                if (!erasure)
                    return;
                // A failed one waits for its next turn (claimed_until); the others go on.
                await this.work(erasure);
            }
        }
        catch (err) {
            this.logger.warn(`looking for account erasures failed: ${err.message}`);
        }
    }
    async work(erasure) {
        const pilot = erasure.pilot_account_id;
        const ctx = {
            pilot,
            requestId: erasure.request_id ?? `erasure-${pilot}`,
            dataSource: this.dataSource,
            commandBus: this.commandBus,
            consent: this.consent,
            accessHistory: this.accessHistory,
        };
        try {
            for (const step of erasure_steps_1.ERASURE_STEPS) {
                if (erasure.steps_done.includes(step.name))
                    continue;
                await step.run(ctx, (tx) => this.erasures.stepDone(tx, pilot, step.name));
            }
            await this.erasures.complete(this.dataSource, pilot);
            this.erasing.completed(pilot);
            // The account id only: never anything of the pilot's data.
            this.logger.log(`account ${pilot} erased`);
        }
        catch (err) {
            this.logger.warn(`account ${pilot} erasure failed, tried again later: ${err.message}`);
            await this.erasures.failed(this.dataSource, pilot, err.message).catch(() => undefined);
        }
    }
};
exports.AccountErasureWorker = AccountErasureWorker;
exports.AccountErasureWorker = AccountErasureWorker = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [typeorm_1.DataSource,
        cqrs_1.CommandBus,
        consent_repository_1.ConsentRepository,
        account_erasures_repository_1.AccountErasuresRepository,
        access_1.AccessHistory,
        erasing_accounts_1.ErasingAccounts])
], AccountErasureWorker);
//# sourceMappingURL=account-erasure.worker.js.map