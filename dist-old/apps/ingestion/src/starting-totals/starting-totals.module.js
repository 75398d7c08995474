"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.StartingTotalsModule = void 0;
const common_1 = require("@nestjs/common");
const command_pipeline_provider_1 = require("../command-pipeline.provider");
const set_starting_totals_controller_1 = require("./set-starting-totals.controller");
const set_starting_totals_handler_1 = require("./set-starting-totals.handler");
const event_store_1 = require("../../../../libs/event-store/src/index.js");
let StartingTotalsModule = class StartingTotalsModule {
};
exports.StartingTotalsModule = StartingTotalsModule;
exports.StartingTotalsModule = StartingTotalsModule = __decorate([
    (0, common_1.Module)({
        controllers: [set_starting_totals_controller_1.SetStartingTotalsController],
        providers: [command_pipeline_provider_1.commandPipelineProvider, event_store_1.StartingTotalsRepository, set_starting_totals_handler_1.SetStartingTotalsHandler],
        exports: [event_store_1.StartingTotalsRepository],
    })
], StartingTotalsModule);
//# sourceMappingURL=starting-totals.module.js.map