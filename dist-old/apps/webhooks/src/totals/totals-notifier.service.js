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
exports.TotalsNotifierService = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const platform_1 = require("../../../../libs/platform/src/index.js");
const totals_notifier_1 = require("./totals-notifier");
/** Looks for settled totals changes every WEBHOOK_POLL_INTERVAL_MS, one look at a time. */
let TotalsNotifierService = class TotalsNotifierService {
    dataSource;
    config;
    logger = new common_1.Logger('webhook-totals');
    timer;
    running = Promise.resolve();
    busy = false;
    constructor(dataSource, config) {
        this.dataSource = dataSource;
        this.config = config;
    }
    onApplicationBootstrap() {
        this.timer = setInterval(() => this.tick(), this.config.WEBHOOK_POLL_INTERVAL_MS);
    }
    async beforeApplicationShutdown() {
        clearInterval(this.timer);
        await this.running;
    }
    tick() {
        if (this.busy)
            return;
        this.busy = true;
        this.running = (0, totals_notifier_1.notifyTotalsChanges)(this.dataSource, this.config.WEBHOOK_TOTALS_COALESCE_MS)
            .then(() => undefined, (err) => this.logger.error({ err }, 'totals notifier failed'))
            .finally(() => (this.busy = false));
    }
};
exports.TotalsNotifierService = TotalsNotifierService;
exports.TotalsNotifierService = TotalsNotifierService = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [typeorm_1.DataSource,
        platform_1.AppConfig])
], TotalsNotifierService);
//# sourceMappingURL=totals-notifier.service.js.map