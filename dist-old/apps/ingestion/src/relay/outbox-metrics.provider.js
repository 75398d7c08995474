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
exports.OutboxMetrics = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const event_store_1 = require("../../../../libs/event-store/src/index.js");
/**
 * The outbox's depth and oldest event's age, read on the app's pool when metrics are scraped. Every
 * ingestion process reports them, relaying or not: the outbox is one for all of them.
 */
let OutboxMetrics = class OutboxMetrics {
    dataSource;
    stop;
    constructor(dataSource) {
        this.dataSource = dataSource;
    }
    onModuleInit() {
        this.stop = (0, event_store_1.reportOutboxState)(async () => {
            const rows = await this.dataSource.query(event_store_1.OUTBOX_STATE_SQL);
            return { events: rows[0]?.events ?? 0, oldestAgeSeconds: rows[0]?.oldest_age_seconds ?? 0 };
        });
    }
    onApplicationShutdown() {
        this.stop?.();
    }
};
exports.OutboxMetrics = OutboxMetrics;
exports.OutboxMetrics = OutboxMetrics = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [typeorm_1.DataSource])
], OutboxMetrics);
//# sourceMappingURL=outbox-metrics.provider.js.map