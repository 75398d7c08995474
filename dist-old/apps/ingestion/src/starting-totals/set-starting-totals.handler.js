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
exports.SetStartingTotalsHandler = void 0;
const event_store_1 = require("../../../../libs/event-store/src/index.js");
const cqrs_1 = require("@nestjs/cqrs");
const contracts_1 = require("../../../../libs/contracts/src/index.js");
const domain_1 = require("../../../../libs/domain/src/index.js");
const event_store_2 = require("../../../../libs/event-store/src/index.js");
const set_starting_totals_command_1 = require("./set-starting-totals.command");
const event_store_3 = require("../../../../libs/event-store/src/index.js");
/** Starting totals live in the pilot's logbook stream; any valid set replaces the last, whatever it was. */
let SetStartingTotalsHandler = class SetStartingTotalsHandler {
    pipeline;
    startingTotals;
    constructor(pipeline, startingTotals) {
        this.pipeline = pipeline;
        this.startingTotals = startingTotals;
    }
    async execute({ pilot, body, requestId }) {
        const parsed = (0, domain_1.parseStartingTotals)(body);
        if (!parsed.ok)
            throw (0, event_store_1.invalidRequest)(parsed.issues);
        const startingTotals = parsed.value;
        await this.pipeline.handle({
            streamId: (0, contracts_1.logbookStreamId)(pilot),
            metadata: { request_id: requestId },
            load: () => Promise.resolve(undefined),
            decide: () => ({ events: (0, domain_1.decideSetStartingTotals)(pilot, startingTotals) }),
            project: (tx) => this.startingTotals.save(tx, pilot, startingTotals),
        });
        return startingTotals;
    }
};
exports.SetStartingTotalsHandler = SetStartingTotalsHandler;
exports.SetStartingTotalsHandler = SetStartingTotalsHandler = __decorate([
    (0, cqrs_1.CommandHandler)(set_starting_totals_command_1.SetStartingTotalsCommand),
    __metadata("design:paramtypes", [event_store_2.CommandPipeline,
        event_store_3.StartingTotalsRepository])
], SetStartingTotalsHandler);
//# sourceMappingURL=set-starting-totals.handler.js.map