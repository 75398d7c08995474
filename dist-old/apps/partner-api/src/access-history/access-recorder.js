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
var AccessRecorder_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.AccessRecorder = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const access_1 = require("../../../../libs/access/src/index.js");
const platform_1 = require("../../../../libs/platform/src/index.js");
const read_tally_1 = require("./read-tally");
/** After a failed write on shutdown, how long to wait before the one more try. */
const SHUTDOWN_RETRY_MS = 500;
/** How often counts are written while the HTTP server finishes its last requests. */
const CLOSING_FLUSH_MS = 100;
/**
 * Records partners' reads of pilots' totals for the pilots' access history (pilot web app, section 3).
 * A read is counted in this replica's memory (ReadTally), so answering a partner waits for nothing; the
 * counts are added to `partner_reads` every ACCESS_HISTORY_FLUSH_MS in one statement. When the app closes
 * (SIGTERM) they are written as the HTTP server stops taking connections, every 100 ms while it finishes
 * the requests it has (should that never end, the process is stopped at SHUTDOWN_TIMEOUT_MS with at most
 * the last 100 ms unwritten), and once more after its last answer, before the database pool closes (Nest
 * runs this module's shutdown hook before the global DatabaseModule's). A failed write keeps its counts
 * for the next one. ACCESS_HISTORY=off records nothing (the benchmark's comparison).
 */
let AccessRecorder = AccessRecorder_1 = class AccessRecorder {
    dataSource;
    log = new common_1.Logger(AccessRecorder_1.name);
    tally = new read_tally_1.ReadTally();
    enabled;
    flushMs;
    timer;
    writing = Promise.resolve();
    constructor(config, dataSource) {
        this.dataSource = dataSource;
        this.enabled = config.ACCESS_HISTORY !== 'off';
        this.flushMs = config.ACCESS_HISTORY_FLUSH_MS;
    }
    /**
     * Counts one read of `answer`'s pilot (a connection id that resolved for a live key) now. Sandbox keys'
     * reads are not recorded: their pilots are fixtures, not people with an access history to see.
     */
    recordRead(answer) {
        if (this.enabled)
            this.tally.count(answer, Date.now());
    }
    /** Counts one read of each of `answers`' pilots now: a batch's answers, with the clock read once. */
    recordReads(answers) {
        if (!this.enabled)
            return;
        const now = Date.now();
        for (const answer of answers)
            this.tally.count(answer, now);
    }
    onApplicationBootstrap() {
        if (!this.enabled)
            return;
        this.timer = setInterval(() => void this.flush(), this.flushMs);
        this.timer.unref();
    }
    /** Before the HTTP server closes. */
    async beforeApplicationShutdown() {
        clearInterval(this.timer);
        if (!this.enabled)
            return;
        this.timer = setInterval(() => void this.flush(), CLOSING_FLUSH_MS);
        this.timer.unref();
        await this.flush();
    }
    /** After the HTTP server's last answer. */
    async onApplicationShutdown() {
        clearInterval(this.timer);
        if (!this.enabled)
            return;
        await this.flush();
        if (this.tally.empty)
            return;
        await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_RETRY_MS));
        await this.flush();
        if (!this.tally.empty)
            this.log.error(`access history: ${this.tally.take().length} counts could not be written before shutdown`);
    }
    /** Writes what is counted; one write at a time, each after the one before. Never throws. */
    flush() {
        this.writing = this.writing.then(() => this.write());
        return this.writing;
    }
    async write() {
        if (this.tally.empty)
            return;
        const counts = this.tally.take();
        try {
            await (0, access_1.addPartnerReads)(this.dataSource, counts);
        }
        catch (err) {
            this.tally.restore(counts);
            this.log.warn(`access history: writing ${counts.length} counts failed, kept for the next try: ${String(err)}`);
        }
    }
};
exports.AccessRecorder = AccessRecorder;
exports.AccessRecorder = AccessRecorder = AccessRecorder_1 = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [platform_1.AppConfig,
        typeorm_1.DataSource])
], AccessRecorder);
//# sourceMappingURL=access-recorder.js.map