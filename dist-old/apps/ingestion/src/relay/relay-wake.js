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
exports.RelayWake = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const event_store_1 = require("../../../../libs/event-store/src/index.js");
const outbox_relay_service_1 = require("./outbox-relay.service");
const spaced_signal_1 = require("./spaced-signal");
/**
 * NOTIFYs go out this far apart at most. The relay gathers commits for RELAY_LINGER_MS (20 ms by
 * default) once woken, so more would only wake it while it lingers or reads.
 */
const NOTIFY_SPACING_MS = 10;
/**
 * Wakes the relay after a command committed its events. The writers here do not NOTIFY inside their
 * transactions: Postgres serializes the commits of all notifying transactions of a database, which
 * halves the write rate. Instead, the relay of this process is woken directly when it is the active
 * one; otherwise one NOTIFY goes out on its own, at most one each NOTIFY_SPACING_MS (the commits
 * meanwhile fold into one more after it), so the active relay of another replica wakes within
 * milliseconds, and a steady stream of commits costs Postgres one NOTIFY each 10 ms, not one per commit.
 */
let RelayWake = class RelayWake {
    relay;
    logger = new common_1.Logger('relay');
    notify;
    constructor(relay, dataSource) {
        this.relay = relay;
        this.notify = new spaced_signal_1.SpacedSignal(() => dataSource
            .query(`select pg_notify('${event_store_1.OUTBOX_CHANNEL}', '')`)
            .then(() => undefined)
            .catch((err) => this.logger.warn(`could not notify the relay: ${String(err)}`)), NOTIFY_SPACING_MS);
    }
    afterCommit() {
        if (this.relay.wakeIfActive())
            return;
        this.notify.request();
    }
};
exports.RelayWake = RelayWake;
exports.RelayWake = RelayWake = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [outbox_relay_service_1.OutboxRelayService,
        typeorm_1.DataSource])
], RelayWake);
//# sourceMappingURL=relay-wake.js.map